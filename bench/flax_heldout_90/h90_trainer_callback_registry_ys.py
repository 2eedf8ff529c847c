# label: ok
# flax-error: none
# class: 3 Trainer returns state.params as the scan's ys and fires its CallbackRegistry after the loop; the Evaluator reads the last step
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from flax.training import train_state


class Regressor(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(nn.relu(nn.Dense(16)(x)))[..., 0]


class CallbackRegistry:
    def __init__(self):
        self._callbacks = []

    def register(self, cb):
        self._callbacks.append(cb)
        return cb

    def fire(self, event, **kwargs):
        for cb in self._callbacks:
            getattr(cb, event, lambda **_: None)(**kwargs)


class LatestParams:
    def __init__(self):
        self.params = None

    def on_fit_end(self, params_per_step, losses):
        self.params = jax.tree.map(lambda p: p[-1], params_per_step)


class Trainer:
    def __init__(self, callbacks):
        self.callbacks = callbacks

    @staticmethod
    def loss_fn(params, apply_fn, batch):
        pred = apply_fn({"params": params}, batch["x"])
        return jnp.mean((pred - batch["y"]) ** 2)

    def fit(self, state, batches):
        def body(state, batch):
            loss, grads = jax.value_and_grad(self.loss_fn)(state.params, state.apply_fn, batch)
            state = state.apply_gradients(grads=grads)
            return state, (loss, state.params)

        state, (losses, params_per_step) = jax.lax.scan(body, state, batches)
        self.callbacks.fire("on_fit_end", params_per_step=params_per_step, losses=losses)
        return state, losses


class Evaluator:
    def __init__(self, model):
        self.model = model

    def evaluate(self, params, batch):
        pred = self.model.apply({"params": params}, batch["x"])
        return jnp.mean(jnp.abs(pred - batch["y"]))


def main():
    model = Regressor()
    batches = {"x": jnp.ones((5, 8, 4)), "y": jnp.zeros((5, 8))}
    params = model.init(jax.random.PRNGKey(0), batches["x"][0])["params"]
    state = train_state.TrainState.create(apply_fn=model.apply, params=params, tx=optax.adam(1e-3))
    registry = CallbackRegistry()
    latest = registry.register(LatestParams())
    Trainer(registry).fit(state, batches)
    Evaluator(model).evaluate(latest.params, {"x": batches["x"][0], "y": batches["y"][0]})
    return None
