# label: ok
# flax-error: none
# class: 3 Trainer.fit() splits (policy, optimizer) into graphdef and state, carries the state through the fori_loop, and the body merges it and hands both to the _update() method; the Trainer's objects are updated after the loop
"""Behaviour cloning of a quadruped gait controller from expert rollouts.

Observations are joint angles/velocities plus IMU readings; the policy outputs
target joint positions for a PD controller. Several gradient steps run inside
one compiled fori_loop to amortise host overhead.
"""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class BCConfig:
    obs_dim: int = 18
    act_dim: int = 12
    hidden: int = 32
    batch: int = 8
    steps_per_call: int = 5
    lr: float = 3e-4


class GaitPolicy(nnx.Module):
    def __init__(self, cfg: BCConfig, *, rngs: nnx.Rngs):
        self.trunk = nnx.Sequential(
            nnx.Linear(cfg.obs_dim, cfg.hidden, rngs=rngs), nnx.elu,
            nnx.Linear(cfg.hidden, cfg.hidden, rngs=rngs), nnx.elu,
        )
        self.mean = nnx.Linear(cfg.hidden, cfg.act_dim, rngs=rngs)
        self.log_std = nnx.Param(jnp.full((cfg.act_dim,), -1.0))

    def __call__(self, obs):
        h = self.trunk(obs)
        return jnp.tanh(self.mean(h)), self.log_std[...]


def bc_loss(policy, batch):
    mean, log_std = policy(batch["obs"])
    nll = 0.5 * ((batch["act"] - mean) / jnp.exp(log_std)) ** 2 + log_std
    return nll.sum(-1).mean()


class Trainer:
    def __init__(self, cfg: BCConfig, policy: GaitPolicy):
        self.cfg = cfg
        self.policy = policy
        self.optimizer = nnx.Optimizer(policy, optax.adam(cfg.lr), wrt=nnx.Param)

    @staticmethod
    def _update(policy, optimizer, batch):
        loss, grads = nnx.value_and_grad(bc_loss)(policy, batch)
        optimizer.update(policy, grads)
        return loss

    def fit(self, dataset):
        n = self.cfg.steps_per_call
        graphdef, state = nnx.split((self.policy, self.optimizer))

        def body(i, carry):
            state, losses = carry
            policy, optimizer = nnx.merge(graphdef, state)
            batch = jax.tree.map(lambda a: a[i], dataset)
            loss = self._update(policy, optimizer, batch)
            return nnx.state((policy, optimizer)), losses.at[i].set(loss)

        state, losses = lax.fori_loop(0, n, body, (state, jnp.zeros((n,))))
        nnx.update((self.policy, self.optimizer), state)
        return losses


def expert_dataset(cfg, key):
    k1, k2 = jax.random.split(key)
    obs = jax.random.normal(k1, (cfg.steps_per_call, cfg.batch, cfg.obs_dim))
    w = jax.random.normal(k2, (cfg.obs_dim, cfg.act_dim)) / jnp.sqrt(cfg.obs_dim)
    return {"obs": obs, "act": jnp.tanh(obs @ w)}


def main():
    cfg = BCConfig()
    trainer = Trainer(cfg, GaitPolicy(cfg, rngs=nnx.Rngs(0)))
    losses = trainer.fit(expert_dataset(cfg, jax.random.PRNGKey(1)))
    float(losses[-1])
    return None
