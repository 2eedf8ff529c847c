# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 EnsembleCalibrator.callbacks[i] receive the in-loop scaler copy; the while_loop body calls cb.on_step, and BestCheckpoint keeps nnx.state(scaler) for restore after the loop
"""Screening mammography triage: temperature-calibrate an ensemble before it ranks the reading queue."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class ReaderNet(nnx.Module):
    def __init__(self, dim: int, *, rngs: nnx.Rngs):
        self.fc = nnx.Linear(dim, 2, rngs=rngs)

    def __call__(self, x):
        return self.fc(x)


class TemperatureScaler(nnx.Module):
    def __init__(self):
        self.log_t = nnx.Param(jnp.zeros(()))

    def __call__(self, logits):
        return logits / jnp.exp(self.log_t.value)


class Callback:
    def on_step(self, step, scaler): ...
    def on_end(self, scaler): ...


class BestCheckpoint(Callback):
    def __init__(self):
        self.saved = None

    def on_step(self, step, scaler):
        self.saved = nnx.state(scaler)

    def restore(self, target):
        nnx.update(target, self.saved)


class EnsembleCalibrator:
    def __init__(self, scaler: TemperatureScaler, callbacks, lr: float = 0.5):
        self.scaler, self.callbacks, self.lr = scaler, callbacks, lr

    def calibrate(self, logits, labels, max_steps: int = 25, tol: float = 1e-4):
        graphdef, state = nnx.split(self.scaler)

        def nll(scaler):
            return optax.softmax_cross_entropy_with_integer_labels(scaler(logits), labels).mean()

        def not_converged(c):
            step, prev, loss, _ = c
            return (step < max_steps) & (jnp.abs(prev - loss) > tol)

        def step_fn(c):
            step, _, loss, state = c
            scaler = nnx.merge(graphdef, state)
            new_loss, grads = nnx.value_and_grad(nll)(scaler)
            scaler.log_t.value = scaler.log_t.value - self.lr * grads["log_t"].value
            for cb in self.callbacks:
                cb.on_step(step, scaler)
            return step + 1, loss, new_loss, nnx.state(scaler)

        start = (jnp.array(0), jnp.array(jnp.inf), jnp.array(1e3), state)
        steps, _, loss, state = jax.lax.while_loop(not_converged, step_fn, start)
        nnx.update(self.scaler, state)
        return steps, loss


def main():
    rngs = nnx.Rngs(0)
    readers = [ReaderNet(20, rngs=rngs) for _ in range(3)]
    x = jax.random.normal(jax.random.key(1), (64, 20))
    labels = jax.random.randint(jax.random.key(2), (64,), 0, 2)
    logits = 3.0 * jnp.mean(jnp.stack([r(x) for r in readers]), axis=0)
    checkpoint = BestCheckpoint()
    calibrator = EnsembleCalibrator(TemperatureScaler(), [checkpoint])
    print("steps/loss", calibrator.calibrate(logits, labels))
    deployed = TemperatureScaler()
    checkpoint.restore(deployed)
    print("deployed probs", jax.nn.softmax(deployed(logits[:4])))
