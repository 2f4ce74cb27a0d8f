package logic

// extraTechniques are techniques other files of the package register from
// their init functions (the chain techniques of chains.go), appended to
// the technique list after the built-in ones. This declaration stands in
// until techniques.go declares it; the lead deletes this file at merge.
var extraTechniques []Technique
