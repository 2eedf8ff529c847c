# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 a PolyakUpdater object holds the target-network params; the checkpointed scan body calls updater.update(online_params), which reassigns updater.target_params
"""DQN-style learner with a soft-updated target network.

One "iteration" runs a raw `lax.scan` over replay minibatches; the body is wrapped in
`jax.checkpoint` to save memory. The target network is owned by a small updater object.
"""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from jax import lax


class QNetwork(nn.Module):
    n_actions: int = 3

    @nn.compact
    def __call__(self, obs):
        h = nn.relu(nn.Dense(32)(obs))
        return nn.Dense(self.n_actions)(h)


@dataclass
class DQNConfig:
    gamma: float = 0.99
    tau: float = 0.05
    lr: float = 1e-3


class PolyakUpdater:
    def __init__(self, params, tau):
        self.target_params = params
        self.tau = tau

    def update(self, online_params):
        self.target_params = optax.incremental_update(
            online_params, self.target_params, self.tau)
        return self.target_params


class DQNLearner:
    def __init__(self, cfg: DQNConfig, obs_dim=4, seed=0):
        self.cfg = cfg
        self.net = QNetwork()
        self.params = self.net.init(jax.random.PRNGKey(seed), jnp.zeros((1, obs_dim)))
        self.tx = optax.adam(cfg.lr)
        self.opt_state = self.tx.init(self.params)
        self.target = PolyakUpdater(self.params, cfg.tau)

    def td_loss(self, params, target_params, batch):
        obs, act, rew, next_obs = batch
        q = jnp.take_along_axis(self.net.apply(params, obs), act[:, None], axis=1)[:, 0]
        q_next = self.net.apply(target_params, next_obs).max(-1)
        target = rew + self.cfg.gamma * jax.lax.stop_gradient(q_next)
        return jnp.mean((q - target) ** 2)

    def iteration(self, batches):
        @jax.checkpoint
        def body(carry, batch):
            params, opt_state = carry
            loss, grads = jax.value_and_grad(self.td_loss)(
                params, self.target.target_params, batch)
            updates, opt_state = self.tx.update(grads, opt_state, params)
            params = optax.apply_updates(params, updates)
            self.target.update(params)
            return (params, opt_state), loss

        (self.params, self.opt_state), losses = lax.scan(
            body, (self.params, self.opt_state), batches)
        return losses

    def greedy_target_actions(self, obs):
        return self.net.apply(self.target.target_params, obs).argmax(-1)


def main():
    key = jax.random.PRNGKey(0)
    k1, k2, k3, k4 = jax.random.split(key, 4)
    T, B = 5, 8
    batches = (
        jax.random.normal(k1, (T, B, 4)),
        jax.random.randint(k2, (T, B), 0, 3),
        jax.random.normal(k3, (T, B)),
        jax.random.normal(k4, (T, B, 4)),
    )
    learner = DQNLearner(DQNConfig())
    learner.iteration(batches)
    learner.greedy_target_actions(batches[0][0]).block_until_ready()
    return None
