# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the local model, left in train() mode with a BatchNorm picked from a layer table, is called directly in the scan body
"""Greenhouse climate: rolls vent/heater settings forward through a learned climate model."""
from flax import nnx
import jax
import jax.numpy as jnp

LAYERS = {
    "linear": lambda d_in, d_out, rngs: nnx.Linear(d_in, d_out, rngs=rngs),
    "batchnorm": lambda d_in, d_out, rngs: nnx.BatchNorm(d_in, rngs=rngs),
    "layernorm": lambda d_in, d_out, rngs: nnx.LayerNorm(d_in, rngs=rngs),
}


class ClimateModel(nnx.Module):
    def __init__(self, spec, rngs: nnx.Rngs):
        self.layers = nnx.List([LAYERS[name](d_in, d_out, rngs) for name, d_in, d_out in spec])

    def __call__(self, x):
        for layer in self.layers:
            x = nnx.tanh(layer(x)) if isinstance(layer, nnx.Linear) else layer(x)
        return x


SPEC = (("linear", 6, 24), ("batchnorm", 24, 24), ("linear", 24, 6))


def main():
    model = ClimateModel(SPEC, nnx.Rngs(0))
    model.train()  # the same object was just fine-tuned
    climate = jnp.tile(jnp.linspace(15.0, 25.0, 6), (4, 1)) / 25.0

    def hour(state, setpoint):
        state = 0.8 * state + 0.2 * model(state + setpoint)
        return state, state.mean()

    setpoints = jnp.zeros((12, 4, 6)).at[:, :, 0].set(0.1)
    final, trace = jax.lax.scan(hour, climate, setpoints)
    trace.block_until_ready()
    return None


if __name__ == "__main__":
    main()
