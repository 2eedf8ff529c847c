# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 SpawnPredictor.__call__ owns its params and runs the scan over nights itself; the scan body sows the nightly spawn gate into 'intermediates'
"""Coral spawning prediction: a small recurrent cell over nightly lunar and temperature readings."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class SpawnPredictor(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, nights):
        n_features = nights.shape[-1]
        w_in = self.param("w_in", nn.initializers.lecun_normal(), (n_features, self.hidden))
        w_rec = self.param("w_rec", nn.initializers.orthogonal(), (self.hidden, self.hidden))
        w_gate = self.param("w_gate", nn.initializers.normal(0.1), (self.hidden, 1))

        def night(h, reading):
            h = jnp.tanh(reading @ w_in + h @ w_rec)
            gate = jax.nn.sigmoid(h @ w_gate)
            self.sow("intermediates", "spawn_gate", gate)
            return h, gate

        _, gates = scan(night, jnp.zeros((self.hidden,)), nights)
        return gates[-1]


def lunar_features(n_nights):
    phase = jnp.linspace(0.0, 2 * jnp.pi, n_nights)
    sea_temp = 27.0 + 0.3 * jnp.sin(phase / 2)
    return jnp.stack([jnp.cos(phase), jnp.sin(phase), sea_temp - 27.0], axis=-1)


def main():
    nights = lunar_features(10)
    model = SpawnPredictor()
    variables = model.init(jax.random.PRNGKey(0), nights)
    _, state = model.apply(variables, nights, mutable=["intermediates"])
    jax.tree.map(jnp.mean, state["intermediates"])
    return None
