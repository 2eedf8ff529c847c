# label: ok
# flax-error: none
# class: 4 PressService -> Compositor.compose scans over glyphs; the body calls GlyphCache.rasterize, which applies with mutable=["cache"] and hands the cache back through the scan carry; PressService reads it afterwards
"""Typesetting: rasterise the glyphs of a line of type and report the ink coverage.

The rasteriser remembers the last glyph bitmap and a hit counter in a "cache" collection; the
press service exports that cache for the proofing dashboard after every line.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn


class GlyphRasterizer(nn.Module):
    pixels: int = 8

    @nn.compact
    def __call__(self, outline):
        ink = nn.sigmoid(nn.Dense(self.pixels, name="raster")(outline))
        last = self.variable("cache", "last_bitmap", lambda: jnp.zeros(self.pixels))
        hits = self.variable("cache", "hits", lambda: jnp.zeros((), jnp.int32))
        last.value = ink
        hits.value = hits.value + 1
        return ink.mean()


class GlyphCache:
    """Keeps the rasteriser's weights; the cache travels with the caller."""

    def __init__(self, model: GlyphRasterizer, variables):
        self.model = model
        self.params = variables["params"]
        self.cache = variables["cache"]

    def rasterize(self, cache, outline):
        coverage, updated = self.model.apply({"params": self.params, "cache": cache}, outline, mutable=["cache"])
        return coverage, updated["cache"]

    def snapshot(self):
        return self.cache


class Compositor:
    def __init__(self, cache: GlyphCache):
        self.cache = cache

    def compose(self, outlines):
        def set_glyph(carry, outline):
            coverage, cache = carry
            glyph_coverage, cache = self.cache.rasterize(cache, outline)
            return (coverage + glyph_coverage, cache), None

        (coverage, cache), _ = jax.lax.scan(set_glyph, (jnp.zeros(()), self.cache.cache), outlines)
        self.cache.cache = cache
        return coverage / outlines.shape[0]


class PressService:
    def __init__(self, model, variables):
        self.cache = GlyphCache(model, variables)
        self.compositor = Compositor(self.cache)

    def typeset_line(self, outlines):
        coverage = self.compositor.compose(outlines)
        snapshot = self.cache.snapshot()
        return {"coverage": coverage, "glyphs_cached": snapshot["hits"] + 0, "last": snapshot["last_bitmap"] * 1.0}


def main():
    outlines = jax.random.normal(jax.random.key(9), (7, 10))  # 7 glyphs, 10 outline features
    model = GlyphRasterizer()
    variables = model.init(jax.random.key(0), outlines[0])
    service = PressService(model, variables)
    report = service.typeset_line(outlines)
    print("coverage", float(report["coverage"]), "cached", int(report["glyphs_cached"]))
    return None


if __name__ == "__main__":
    main()
