# label: trace-context
# flax-error: TraceContextError: Cannot mutate 'Dropout' from different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 FrostForecaster.predict -> self.runner (ModeRunner) -> with_eval_mode calls model.eval() on the outer model inside the fori_loop body
"""Orchard frost protection: a forecaster decides, hour by hour through the night, whether
the wind machines should start; the prediction helper flips the model to eval mode."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class FrostRisk(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(3, 12, rngs=rngs)
        self.dropout = nnx.Dropout(0.2, rngs=rngs)
        self.head = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, hour):
        return nnx.sigmoid(self.head(self.dropout(nnx.relu(self.hidden(hour)))))[0]


def with_eval_mode(model, fn):
    model.eval()
    return fn(model)


class ModeRunner:
    def __init__(self, model):
        self.model = model

    def infer(self, hour):
        return with_eval_mode(self.model, lambda m: m(hour))


class FrostForecaster:
    def __init__(self, runner, threshold=0.5):
        self.runner = runner
        self.threshold = threshold

    def predict(self, night):
        hours = night.shape[0]

        def hour_step(h, starts):
            risk = self.runner.infer(night[h])
            return starts.at[h].set(risk > self.threshold)

        return lax.fori_loop(0, hours, hour_step, jnp.zeros(hours, bool))


def main():
    model = FrostRisk(rngs=nnx.Rngs(0))
    night = jax.random.normal(jax.random.key(13), (10, 3))
    FrostForecaster(ModeRunner(model)).predict(night).block_until_ready()
    return None
