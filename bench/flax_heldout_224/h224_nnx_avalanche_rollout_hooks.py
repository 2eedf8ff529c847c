# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 RolloutBase.run runs the scan over the split model state; the on_step hook a third-level subclass overrides keeps the module merged in the body on self.latest
"""Avalanche forecasting: snowpack weak-layer evolution over a storm cycle, with an audited rollout."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class WeakLayer(nnx.Variable):
    pass


class SnowpackModel(nnx.Module):
    def __init__(self, n_layers, *, rngs):
        self.metamorphism = nnx.Linear(n_layers + 3, n_layers, rngs=rngs)
        self.weak_layer = WeakLayer(jnp.full((n_layers,), 0.5))

    def __call__(self, weather):
        drive = jnp.concatenate([self.weak_layer[...], weather])
        self.weak_layer[...] = nnx.sigmoid(self.metamorphism(drive))
        return self.weak_layer[...].min()


class RolloutBase:
    def __init__(self, model):
        self.model = model

    def run(self, weather):
        graphdef, state = nnx.split(self.model)

        def body(state, obs):
            model = nnx.merge(graphdef, state)
            stability = self.advance(model, obs)
            self.on_step(model, stability)
            return nnx.state(model), stability

        state, stability = lax.scan(body, state, weather)
        nnx.update(self.model, state)
        return self.finish(stability)

    def on_step(self, model, stability):
        pass

    def finish(self, stability):
        return stability


class SnowpackRollout(RolloutBase):
    def advance(self, model, obs):
        return model(obs)


class AuditedSnowpackRollout(SnowpackRollout):
    def on_step(self, model, stability):
        self.latest = model  # audit trail: last model state seen by the rollout

    def finish(self, stability):
        audit = {"weakest_layer": jnp.argmin(self.latest.weak_layer[...]), "min_stability": stability.min()}
        return audit


def main():
    weather = jax.random.normal(jax.random.key(9), (10, 3))  # snowfall, wind, temperature gradient
    rollout = AuditedSnowpackRollout(SnowpackModel(6, rngs=nnx.Rngs(0)))
    audit = rollout.run(weather)
    jax.block_until_ready(audit)
    return None
