# label: ok
# flax-error: none
# class: 3 a PolyakUpdater object holds only tau; the target-network params travel through the checkpointed scan carry and are stored back on the learner after the loop
"""DQN-style learner with a soft-updated target network.

One "iteration" runs a raw `lax.scan` over replay minibatches; the body is wrapped in
`jax.checkpoint` to save memory. The updater is a pure function of (online, target), and
the target params are part of the scan carry.
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
    def __init__(self, tau):
        self.tau = tau

    def update(self, online_params, target_params):
        return optax.incremental_update(online_params, target_params, self.tau)


class DQNLearner:
    def __init__(self, cfg: DQNConfig, obs_dim=4, seed=0):
        self.cfg = cfg
        self.net = QNetwork()
        self.params = self.net.init(jax.random.PRNGKey(seed), jnp.zeros((1, obs_dim)))
        self.tx = optax.adam(cfg.lr)
        self.opt_state = self.tx.init(self.params)
        self.target_params = self.params
        self.target = PolyakUpdater(cfg.tau)

    def td_loss(self, params, target_params, batch):
        obs, act, rew, next_obs = batch
        q = jnp.take_along_axis(self.net.apply(params, obs), act[:, None], axis=1)[:, 0]
        q_next = self.net.apply(target_params, next_obs).max(-1)
        target = rew + self.cfg.gamma * jax.lax.stop_gradient(q_next)
        return jnp.mean((q - target) ** 2)

    def iteration(self, batches):
        @jax.checkpoint
        def body(carry, batch):
            params, target_params, opt_state = carry
            loss, grads = jax.value_and_grad(self.td_loss)(params, target_params, batch)
            updates, opt_state = self.tx.update(grads, opt_state, params)
            params = optax.apply_updates(params, updates)
            target_params = self.target.update(params, target_params)
            return (params, target_params, opt_state), loss

        (self.params, self.target_params, self.opt_state), losses = lax.scan(
            body, (self.params, self.target_params, self.opt_state), batches)
        return losses

    def greedy_target_actions(self, obs):
        return self.net.apply(self.target_params, obs).argmax(-1)


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
