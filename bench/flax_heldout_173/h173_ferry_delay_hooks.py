# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 Trainer.fit's scan body applies self.state.apply_fn with mutable=['intermediates'] and hands the sown values to the overridable on_step hook, which keeps them on the trainer
"""Ferry delay predictor trained with a small trainer that has overridable hooks.

Features per sailing: wind, swell, vehicle deck load, foot passengers, preceding delay. The
trainer runs its epoch with jax.lax.scan; subclasses override hooks to add diagnostics. The
diagnostics trainer records the hidden activations the model sows so that dead units can be
reported after training.
"""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from flax.training import train_state


class DelayNet(nn.Module):
    @nn.compact
    def __call__(self, x):
        h = nn.relu(nn.Dense(16)(x))
        self.sow("intermediates", "hidden", h)
        return nn.Dense(1)(h)[..., 0]


class Trainer:
    def __init__(self, model, params, learning_rate=1e-2):
        self.state = train_state.TrainState.create(
            apply_fn=model.apply, params=params, tx=optax.adam(learning_rate)
        )

    # hooks -----------------------------------------------------------------
    def on_step(self, step, loss, intermediates):
        pass

    def on_fit_end(self):
        pass

    # loop ------------------------------------------------------------------
    def fit(self, xs, ys):
        def loss_fn(params, x, y):
            pred, inter = self.state.apply_fn({"params": params}, x, mutable=["intermediates"])
            return jnp.mean((pred - y) ** 2), inter

        def body(state, batch):
            step, x, y = batch
            (loss, inter), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params, x, y)
            self.on_step(step, loss, inter)
            return state.apply_gradients(grads=grads), loss

        steps = jnp.arange(xs.shape[0])
        self.state, losses = jax.lax.scan(body, self.state, (steps, xs, ys))
        self.on_fit_end()
        return losses


class DiagnosticsTrainer(Trainer):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.activations = []

    def on_step(self, step, loss, intermediates):
        self.activations.append(intermediates["intermediates"]["hidden"][0])

    def dead_units(self):
        stacked = jnp.stack(self.activations)
        return jnp.sum(jnp.all(stacked <= 0.0, axis=(0, 1)))


def main():
    model = DelayNet()
    xs = jax.random.normal(jax.random.key(1), (5, 12, 5))
    ys = jax.random.exponential(jax.random.key(2), (5, 12)) * 7.0
    params = model.init(jax.random.key(0), xs[0])["params"]
    trainer = DiagnosticsTrainer(model, params)
    trainer.fit(xs, ys)
    print("dead hidden units", trainer.dead_units())
    return None
