# label: ok
# flax-error: none
# class: 3 the TemperatureScaler kept as an attribute of a CalibrationFitter is split, its state travels in the scan carry and is merged in the body; nnx.update writes it back after the loop
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
        graphdef, state = nnx.split(self.scaler)

        def step(state, batch):
            scaler = nnx.merge(graphdef, state)
            batch_logits, batch_labels = batch
            loss, grad = jax.value_and_grad(self._nll)(scaler.log_t[...], batch_logits, batch_labels)
            scaler.log_t[...] = scaler.log_t[...] - self.lr * grad
            return nnx.state(scaler), loss

        state, losses = jax.lax.scan(step, state, (logits, labels))
        nnx.update(self.scaler, state)
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
