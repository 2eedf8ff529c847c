# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 a Trainer runs train steps in a scan and calls a MetricsLogger callback from inside the body, which keeps the traced loss
"""Small training framework with callbacks; the epoch is fused into one lax.scan for speed."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from flax.training import train_state


class Classifier(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(3)(nn.relu(nn.Dense(32)(x)))


class Callback:
    def on_step_end(self, step, metrics):
        pass

    def on_epoch_end(self, epoch):
        pass


class MetricsLogger(Callback):
    def __init__(self):
        self.losses = []
        self.epoch_means = []

    def on_step_end(self, step, metrics):
        self.losses.append(metrics["loss"])

    def on_epoch_end(self, epoch):
        self.epoch_means.append(float(jnp.mean(jnp.stack(self.losses))))
        self.losses = []


class Trainer:
    def __init__(self, state, callbacks):
        self.state = state
        self.callbacks = callbacks

    def _train_step(self, state, batch):
        x, y = batch

        def loss_fn(params):
            logits = state.apply_fn({"params": params}, x)
            return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

        loss, grads = jax.value_and_grad(loss_fn)(state.params)
        return state.apply_gradients(grads=grads), {"loss": loss}

    def fit_epoch(self, epoch, xs, ys):
        def body(state, batch):
            state, metrics = self._train_step(state, batch)
            for cb in self.callbacks:
                cb.on_step_end(state.step, metrics)
            return state, None

        self.state, _ = jax.lax.scan(body, self.state, (xs, ys))
        for cb in self.callbacks:
            cb.on_epoch_end(epoch)


def main():
    model = Classifier()
    xs = jnp.ones((5, 8, 4))
    ys = jnp.zeros((5, 8), jnp.int32)
    params = model.init(jax.random.key(0), xs[0])["params"]
    state = train_state.TrainState.create(apply_fn=model.apply, params=params, tx=optax.adam(1e-3))
    trainer = Trainer(state, [MetricsLogger()])
    trainer.fit_epoch(0, xs, ys)
    return None
