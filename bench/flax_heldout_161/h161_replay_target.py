# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 Learner keeps functools.partial(model.apply, mutable=["batch_stats"]) and the scan body stores the returned batch statistics on the Learner
"""Offline DQN learner for a warehouse shuttle dispatcher, with a replay buffer and a target network."""
import functools

import jax
import jax.numpy as jnp
import optax
from flax import linen as nn


class QNetwork(nn.Module):
    num_actions: int = 4

    @nn.compact
    def __call__(self, obs, train: bool = True):
        x = nn.Dense(32)(obs)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.95)(x)
        return nn.Dense(self.num_actions)(nn.relu(x))


class ReplayBuffer:
    def __init__(self, capacity: int, obs_dim: int, seed: int = 0):
        keys = jax.random.split(jax.random.key(seed), 3)
        self.obs = jax.random.normal(keys[0], (capacity, obs_dim))
        self.next_obs = jax.random.normal(keys[1], (capacity, obs_dim))
        self.actions = jax.random.randint(keys[2], (capacity,), 0, 4)
        self.rewards = jnp.linspace(-1.0, 1.0, capacity)

    def minibatches(self, num: int, size: int):
        shape = (num, size)
        return (self.obs[: num * size].reshape(*shape, -1), self.actions[: num * size].reshape(shape),
                self.rewards[: num * size].reshape(shape), self.next_obs[: num * size].reshape(*shape, -1))


class Learner:
    def __init__(self, model: QNetwork, obs_dim: int, gamma: float = 0.99):
        variables = model.init(jax.random.key(0), jnp.zeros((2, obs_dim)))
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]
        self.target_params = self.params
        self.gamma = gamma
        self.apply_fn = functools.partial(model.apply, mutable=["batch_stats"])
        self.tx = optax.adam(1e-3)
        self.opt_state = self.tx.init(self.params)

    def td_loss(self, params, batch):
        obs, actions, rewards, next_obs = batch
        q, updates = self.apply_fn({"params": params, "batch_stats": self.batch_stats}, obs)
        next_q, _ = self.apply_fn({"params": self.target_params, "batch_stats": self.batch_stats}, next_obs)
        target = rewards + self.gamma * jnp.max(next_q, axis=-1)
        chosen = jnp.take_along_axis(q, actions[:, None], axis=-1)[:, 0]
        return jnp.mean(optax.huber_loss(chosen, jax.lax.stop_gradient(target))), updates

    def epoch(self, buffer: ReplayBuffer):
        def body(carry, batch):
            params, opt_state = carry
            (loss, updates), grads = jax.value_and_grad(self.td_loss, has_aux=True)(params, batch)
            self.batch_stats = updates["batch_stats"]
            steps, opt_state = self.tx.update(grads, opt_state, params)
            return (optax.apply_updates(params, steps), opt_state), loss

        (self.params, self.opt_state), losses = jax.lax.scan(
            body, (self.params, self.opt_state), buffer.minibatches(4, 16))
        return losses

    def sync_target(self, tau: float = 0.1):
        self.target_params = jax.tree.map(lambda t, o: (1 - tau) * t + tau * o, self.target_params, self.params)


def main():
    buffer = ReplayBuffer(capacity=64, obs_dim=6)
    learner = Learner(QNetwork(), obs_dim=6)
    learner.epoch(buffer)
    learner.sync_target()
    learner.epoch(buffer)
    return None
