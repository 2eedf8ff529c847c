# label: ok
# flax-error: none
# class: 4 a Trainer returns the per-step metrics as scan outputs and fires the callbacks after the loop with concrete values
"""Training loop with a callback system (on_step_end), scanned over steps."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from flax.training import train_state


class Callback:
    def on_step_end(self, step, metrics):
        pass


class MetricsLogger(Callback):
    def __init__(self):
        self.history = []

    def on_step_end(self, step, metrics):
        self.history.append(metrics["loss"])

    def summary(self):
        return jnp.stack(self.history).mean()


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(nn.relu(nn.Dense(16)(x)))


class Trainer:
    def __init__(self, state, callbacks):
        self.state = state
        self.callbacks = callbacks

    def train_step(self, state, batch):
        x, y = batch

        def loss_fn(params):
            pred = state.apply_fn({"params": params}, x)
            return jnp.mean((pred - y) ** 2)

        loss, grads = jax.value_and_grad(loss_fn)(state.params)
        return state.apply_gradients(grads=grads), {"loss": loss}

    def fit(self, xs, ys):
        def body(state, batch):
            state, metrics = self.train_step(state, batch)
            return state, (state.step, metrics)

        self.state, (steps, metrics) = jax.lax.scan(body, self.state, (xs, ys))
        for i in range(xs.shape[0]):
            step_metrics = jax.tree.map(lambda m: m[i], metrics)
            for cb in self.callbacks:
                cb.on_step_end(steps[i], step_metrics)


def main():
    model = MLP()
    params = model.init(jax.random.key(0), jnp.ones((4, 3)))["params"]
    state = train_state.TrainState.create(apply_fn=model.apply, params=params, tx=optax.adam(1e-3))
    logger = MetricsLogger()
    trainer = Trainer(state, [logger])
    trainer.fit(jnp.ones((6, 4, 3)), jnp.zeros((6, 4, 1)))
    jax.block_until_ready(logger.summary())
    return None
