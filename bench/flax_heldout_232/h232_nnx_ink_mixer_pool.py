# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the while_loop body merges a mixer checked out from self.pool and caches the merged instance in the pool's `active` dict
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import while_loop


class InkMixer(nnx.Module):
    def __init__(self, pigments: int, *, rngs: nnx.Rngs):
        self.blend = nnx.Linear(pigments, pigments, rngs=rngs)
        self.rounds = nnx.Variable(jnp.zeros((), jnp.int32))

    def __call__(self, dose):
        self.rounds[...] = self.rounds[...] + 1
        return jax.nn.softmax(self.blend(dose))


@dataclasses.dataclass
class MixerPool:
    graphs: dict
    states: dict
    active: dict = dataclasses.field(default_factory=dict)

    @classmethod
    def from_config(cls, cfg: dict):
        graphs, states = {}, {}
        for i, name in enumerate(cfg["inks"]):
            graphs[name], states[name] = nnx.split(InkMixer(cfg["pigments"], rngs=nnx.Rngs(cfg["seed"] + i)))
        return cls(graphs, states)

    def checkout(self, name):
        return self.graphs[name], self.states[name]

    def checkin(self, name, state):
        self.states[name] = state


class InkRunner:
    def __init__(self, pool: MixerPool, tolerance: float = 0.05):
        self.pool = pool
        self.tolerance = tolerance

    def mix_until_stable(self, name, dose, max_rounds: int = 6):
        graphdef, state = self.pool.checkout(name)

        def unstable(carry):
            i, _, shade, previous = carry
            return (i < max_rounds) & (jnp.abs(shade - previous).max() > self.tolerance)

        def stir(carry):
            i, state, shade, _ = carry
            mixer = nnx.merge(graphdef, state)
            self.pool.active[name] = mixer
            new_shade = mixer(0.5 * dose + 0.5 * shade)
            return i + 1, nnx.state(mixer), new_shade, shade

        start = (jnp.int32(0), state, dose, jnp.zeros_like(dose))
        rounds, state, shade, _ = while_loop(unstable, stir, start)
        self.pool.checkin(name, state)
        return shade

    def quality_check(self, name, reference):
        return jnp.abs(self.pool.active[name](reference) - reference).sum()


def main():
    pool = MixerPool.from_config({"inks": ["oxblood", "teal"], "pigments": 3, "seed": 40})
    runner = InkRunner(pool)
    dose = jnp.array([0.6, 0.3, 0.1])
    shade = runner.mix_until_stable("oxblood", dose)
    error = runner.quality_check("oxblood", dose)
    jax.block_until_ready((shade, error))
    return None
