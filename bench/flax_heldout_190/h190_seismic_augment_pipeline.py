# label: same-values
# flax-error: none
# class: 4 the 'augment' rng of a NoiseInjector bound once with rngs= reaches the jax.lax.scan body through AugmentPipeline.stages -> JitterStage.injector
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
    def __init__(self, scale: float, seed: int):
        self.injector = NoiseInjector(scale).bind({}, rngs={"augment": jax.random.key(seed)})

    def __call__(self, trace):
        return self.injector(trace)


@register_stage("taper")
class TaperStage:
    def __init__(self, length: int):
        self.window = jnp.hanning(length)

    def __call__(self, trace):
        return trace * self.window


class AugmentPipeline:
    def __init__(self, spec):
        self.stages = [STAGES[name](**kwargs) for name, kwargs in spec]

    def views(self, trace, n_views: int):
        def one_view(carry, _):
            x = trace
            for stage in self.stages:
                x = stage(x)
            return carry, x

        _, views = jax.lax.scan(one_view, None, None, length=n_views)
        return views


def main():
    length = 64
    trace = jnp.sin(jnp.arange(length) / 4.0) * jnp.exp(-jnp.arange(length) / 40.0)
    spec = [("jitter", {"scale": 0.05, "seed": 11}), ("taper", {"length": length})]
    pipeline = AugmentPipeline(spec)
    return pipeline.views(trace, n_views=5)
