# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 STEPS registry maps "tension" to an nnx.jit step; Ropewalk.step is called on Ropewalk.model from the scan body
"""Ropewalk tension monitor.

Strand twist readings are streamed while a rope is laid; step functions are registered by name
so the line supervisor can swap the tension estimator from a config file."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

STEPS = {}


def register(name):
    def decorate(fn):
        STEPS[name] = fn
        return fn

    return decorate


class TensionNet(nnx.Module):
    def __init__(self, strands: int, rngs: nnx.Rngs):
        self.twist = nnx.Linear(strands, 10, rngs=rngs)
        self.tension = nnx.Linear(10, 1, rngs=rngs)

    def __call__(self, strands):
        return nnx.softplus(self.tension(nnx.relu(self.twist(strands)))).squeeze(-1)


@register("tension")
@nnx.jit
def tension_step(model, strands):
    return model(strands)


class Ropewalk:
    def __init__(self, model: TensionNet, step: str = "tension"):
        self.model = model
        self.step = STEPS[step]

    def lay_rope(self, strand_log):
        def body(peak, strands):
            tension = self.step(self.model, strands)
            return jnp.maximum(peak, jnp.max(tension)), tension

        return jax.lax.scan(body, jnp.float32(0.0), strand_log)


def main():
    walk = Ropewalk(TensionNet(3, nnx.Rngs(0)))
    strand_log = jax.random.uniform(jax.random.key(4), (9, 2, 3))
    jax.block_until_ready(walk.lay_rope(strand_log))
    return None
