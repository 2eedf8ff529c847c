# label: same-values
# flax-error: none
# class: 3 SapFlowSampler.key, drawn once from an nnx.Rngs 'sample' stream at construction, is read by the while_loop body at every draw
"""Maple sugarbush sap-flow forecasting: freeze-thaw temperature forecasts are perturbed and
pushed through a flow model to get a sample of tomorrow's sap yield per taphole line."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import while_loop


class SapFlowModel(nnx.Module):
    def __init__(self, n_lines, rngs: nnx.Rngs):
        self.thaw = nnx.Linear(2, 8, rngs=rngs)
        self.flow = nnx.Linear(8, n_lines, rngs=rngs)

    def __call__(self, temps):
        return nnx.softplus(self.flow(nnx.relu(self.thaw(temps))))


class SapFlowSampler:
    def __init__(self, model, rngs: nnx.Rngs, forecast_sd=1.5):
        self.model = model
        self.key = rngs.sample()
        self.forecast_sd = forecast_sd

    def sample(self, temps, n_draws):
        n_lines = self.model.flow.out_features

        def more(state):
            i, _ = state
            return i < n_draws

        def draw(state):
            i, yields = state
            eps = jax.random.normal(self.key, temps.shape)
            flow = self.model(temps + self.forecast_sd * eps)
            return i + 1, yields.at[i].set(flow)

        _, yields = while_loop(more, draw, (0, jnp.zeros((n_draws, n_lines))))
        return yields


def main():
    model = SapFlowModel(n_lines=3, rngs=nnx.Rngs(0))
    sampler = SapFlowSampler(model, nnx.Rngs(sample=17))
    temps = jnp.array([-4.0, 6.0])
    return sampler.sample(temps, n_draws=5)
