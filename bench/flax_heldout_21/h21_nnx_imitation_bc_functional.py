# label: ok
# flax-error: none
# class: 4 the trainer's lax.scan body merges the policy and nnx.Optimizer from nnx.split state in the carry, runs the update and splits them back; nnx.update follows the loop
"""Behaviour cloning of a recurrent (LSTM) policy from demonstration trajectories."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
from flax import nnx


@dataclass(frozen=True)
class BCConfig:
    obs_dim: int = 6
    act_dim: int = 2
    hidden: int = 16
    lr: float = 3e-3
    horizon: int = 5


class RecurrentPolicy(nnx.Module):
    def __init__(self, cfg, rngs):
        self.encoder = nnx.Linear(cfg.obs_dim, cfg.hidden, rngs=rngs)
        self.cell = nnx.LSTMCell(cfg.hidden, cfg.hidden, rngs=rngs)
        self.head = nnx.Linear(cfg.hidden, cfg.act_dim, rngs=rngs)
        self.hidden = cfg.hidden

    def __call__(self, obs_seq):
        batch = obs_seq.shape[1]
        carry = (jnp.zeros((batch, self.hidden)), jnp.zeros((batch, self.hidden)))
        feats = nnx.relu(self.encoder(obs_seq))
        _, outs = jax.lax.scan(lambda c, f: self.cell(c, f), carry, feats)
        return jnp.tanh(self.head(outs))


def bc_loss(policy, batch):
    obs, act = batch
    return jnp.mean((policy(obs) - act) ** 2)


def bc_update(policy, optimizer, batch):
    loss, grads = nnx.value_and_grad(bc_loss)(policy, batch)
    optimizer.update(policy, grads)
    return loss


train_step = nnx.jit(bc_update)


class BCTrainer:
    def __init__(self, cfg, rngs):
        self.policy = RecurrentPolicy(cfg, rngs)
        self.optimizer = nnx.Optimizer(self.policy, optax.adam(cfg.lr), wrt=nnx.Param)

    def train_epoch(self, batches):
        graphdef, state = nnx.split((self.policy, self.optimizer))

        def body(state, batch):
            policy, optimizer = nnx.merge(graphdef, state)
            loss = bc_update(policy, optimizer, batch)
            return nnx.state((policy, optimizer)), loss

        state, losses = jax.lax.scan(body, state, batches)
        nnx.update((self.policy, self.optimizer), state)
        return losses


def make_demos(cfg, key, n_batches=4, batch=3):
    obs = jax.random.normal(key, (n_batches, cfg.horizon, batch, cfg.obs_dim))
    act = jnp.tanh(obs[..., : cfg.act_dim] - 0.5 * obs[..., cfg.act_dim:2 * cfg.act_dim])
    return obs, act


def main():
    cfg = BCConfig()
    trainer = BCTrainer(cfg, nnx.Rngs(0))
    demos = make_demos(cfg, jax.random.key(1))
    losses = trainer.train_epoch(demos)
    print(losses)
    return None
