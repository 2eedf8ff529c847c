# label: trace-context
# flax-error: TraceContextError: Cannot mutate LogTemperature from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the LogTemperature variable of the TemperatureScaler kept as an attribute of a CalibrationFitter is assigned in the scan body
"""Post-hoc calibration: after the defect classifier is trained, a temperature-scaling layer is
fitted on held-out logits with a few hundred plain gradient steps."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class LogTemperature(nnx.Variable):
    """Calibration parameter, kept apart from the classifier's nnx.Param."""


class TemperatureScaler(nnx.Module):
    def __init__(self):
        self.log_t = LogTemperature(jnp.zeros(()))

    def __call__(self, logits):
        return logits / jnp.exp(self.log_t[...])


class CalibrationFitter:
    def __init__(self, scaler: TemperatureScaler, lr: float = 0.05):
        self.scaler = scaler
        self.lr = lr

    @staticmethod
    def _nll(log_t, logits, labels):
        return optax.softmax_cross_entropy_with_integer_labels(logits / jnp.exp(log_t), labels).mean()

    def fit(self, logits, labels):
        def step(_, batch):
            batch_logits, batch_labels = batch
            loss, grad = jax.value_and_grad(self._nll)(self.scaler.log_t[...], batch_logits, batch_labels)
            self.scaler.log_t[...] = self.scaler.log_t[...] - self.lr * grad
            return None, loss

        _, losses = jax.lax.scan(step, None, (logits, labels))
        return losses


def main():
    rngs = nnx.Rngs(0)
    classifier = nnx.Linear(6, 4, rngs=rngs)
    held_out = jax.random.normal(jax.random.key(1), (20, 16, 6))
    labels = jax.random.randint(jax.random.key(2), (20, 16), 0, 4)
    logits = 3.0 * classifier(held_out)  # over-confident after training
    scaler = TemperatureScaler()
    CalibrationFitter(scaler).fit(logits, labels)
    jax.block_until_ready(scaler(logits[0]))
    return None
