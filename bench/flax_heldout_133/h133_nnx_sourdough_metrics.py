# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a ProofingEvaluator keeps self.rise_error = nnx.metrics.Average("loss"); the while_loop body calls self.rise_error.update every proofing hour
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class RiseModel(nnx.Module):
    """Predicts dough rise per hour from starter activity and temperature."""

    def __init__(self, rngs: nnx.Rngs):
        self.lin = nnx.Linear(3, 1, rngs=rngs)

    def __call__(self, dough):
        return nnx.softplus(self.lin(dough))


class ProofingEvaluator:
    def __init__(self, model: RiseModel, max_hours: int = 12):
        self.model = model
        self.max_hours = max_hours
        self.rise_error = nnx.metrics.Average("loss")

    def proof(self, dough, target_volume):
        def cond(state):
            hour, volume, _ = state
            return (hour < self.max_hours) & (volume < target_volume)

        def body(state):
            hour, volume, d = state
            rise = self.model(d).mean()
            self.rise_error.update(loss=(rise - 0.15) ** 2)
            return hour + 1, volume + rise, d * 1.02

        hours, volume, _ = lax.while_loop(cond, body, (0, jnp.ones(()), dough))
        return hours, self.rise_error.compute()


def main():
    model = RiseModel(nnx.Rngs(0))
    evaluator = ProofingEvaluator(model)
    dough = jnp.array([[0.6, 0.4, 0.24], [0.5, 0.5, 0.22]])
    jax.block_until_ready(evaluator.proof(dough, target_volume=2.0))
    return None
