"""Build-time helpers of the German site: the tafl fence, directives and generated pages."""
