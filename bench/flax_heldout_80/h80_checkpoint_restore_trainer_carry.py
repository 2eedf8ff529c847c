# label: ok
# flax-error: none
# class: 5 a TrainState handed over by a CheckpointManager and threaded as the fori_loop carry
"""Resume training from an in-memory checkpoint and save again after a few steps."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from flax.training import train_state


class Regressor(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, x):
        x = nn.relu(nn.Dense(self.hidden)(x))
        return nn.Dense(1)(x)


class CheckpointManager:
    def __init__(self):
        self._store = {}

    def save(self, step, state):
        self._store[step] = jax.tree.map(lambda a: jnp.array(a, copy=True), state.params)

    def latest_step(self):
        return max(self._store) if self._store else None

    def restore(self, model, tx, sample):
        step = self.latest_step()
        params = self._store[step] if step is not None else model.init(jax.random.key(0), sample)["params"]
        return train_state.TrainState.create(apply_fn=model.apply, params=params, tx=tx)


def mse(params, apply_fn, x, y):
    return jnp.mean((apply_fn({"params": params}, x) - y) ** 2)


class Trainer:
    def __init__(self, model, manager, x, y):
        self.manager = manager
        self.x, self.y = x, y
        self.state = manager.restore(model, optax.adam(1e-2), x)

    def run(self, n_steps):
        def body(i, carry):
            state, _ = carry
            grads = jax.grad(mse)(state.params, state.apply_fn, self.x, self.y)
            state = state.apply_gradients(grads=grads)
            return state, mse(state.params, state.apply_fn, self.x, self.y)

        self.state, final = jax.lax.fori_loop(0, n_steps, body, (self.state, jnp.float32(0.0)))
        self.manager.save(int(n_steps), self.state)
        return final


def main():
    x = jax.random.normal(jax.random.key(1), (32, 4))
    y = jnp.sum(x, axis=1, keepdims=True)
    trainer = Trainer(Regressor(), CheckpointManager(), x, y)
    trainer.run(5)
    return None
