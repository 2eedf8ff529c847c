# label: ok
# flax-error: none
# class: 4 AugmentPipeline.stages -> JitterStage.injector is applied in the jax.lax.scan body with a per-view 'augment' key split before the loop and passed as xs
"""Augmented views of a seismogram for a contrastive event-detection model.

Stages are looked up in a decorator registry by name from the pipeline spec, the way the
ingest service configures them; the pipeline produces several noisy, tapered views of one trace.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn

STAGES = {}


def register_stage(name):
    def decorate(cls):
        STAGES[name] = cls
        return cls
    return decorate


class NoiseInjector(nn.Module):
    scale: float

    @nn.compact
    def __call__(self, trace):
        return trace + self.scale * jax.random.normal(self.make_rng("augment"), trace.shape)


@register_stage("jitter")
class JitterStage:
    def __init__(self, scale: float):
        self.injector = NoiseInjector(scale)

    def __call__(self, trace, key):
        return self.injector.apply({}, trace, rngs={"augment": key})


@register_stage("taper")
class TaperStage:
    def __init__(self, length: int):
        self.window = jnp.hanning(length)

    def __call__(self, trace, key):
        return trace * self.window


class AugmentPipeline:
    def __init__(self, spec, seed: int):
        self.stages = [STAGES[name](**kwargs) for name, kwargs in spec]
        self.key = jax.random.key(seed)

    def views(self, trace, n_views: int):
        keys = jax.random.split(self.key, (n_views, len(self.stages)))

        def one_view(carry, stage_keys):
            x = trace
            for i, stage in enumerate(self.stages):
                x = stage(x, stage_keys[i])
            return carry, x

        _, views = jax.lax.scan(one_view, None, keys)
        return views


def main():
    length = 64
    trace = jnp.sin(jnp.arange(length) / 4.0) * jnp.exp(-jnp.arange(length) / 40.0)
    spec = [("jitter", {"scale": 0.05}), ("taper", {"length": length})]
    pipeline = AugmentPipeline(spec, seed=11)
    return pipeline.views(trace, n_views=5)
