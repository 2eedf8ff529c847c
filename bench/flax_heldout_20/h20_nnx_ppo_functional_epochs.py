# label: ok
# flax-error: none
# class: 3 the learner splits the actor-critic once; the scan over minibatches carries (params, opt_state) and _minibatch_step() merges them into a fresh module each step
"""PPO update for a discrete-action actor-critic written in the functional style: the
parameters and the optax state travel through the epoch scan as the carry."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx


@dataclasses.dataclass(frozen=True)
class PPOConfig:
    obs_dim: int = 6
    n_actions: int = 3
    hidden: int = 32
    lr: float = 3e-4
    clip: float = 0.2
    vf_coef: float = 0.5


class ActorCritic(nnx.Module):
    def __init__(self, cfg: PPOConfig, rngs: nnx.Rngs):
        self.torso = nnx.Linear(cfg.obs_dim, cfg.hidden, rngs=rngs)
        self.pi = nnx.Linear(cfg.hidden, cfg.n_actions, rngs=rngs)
        self.v = nnx.Linear(cfg.hidden, 1, rngs=rngs)

    def __call__(self, obs):
        h = jnp.tanh(self.torso(obs))
        return self.pi(h), self.v(h).squeeze(-1)


class PPOLearner:
    def __init__(self, model: ActorCritic, cfg: PPOConfig):
        self.model, self.cfg = model, cfg
        self.tx = optax.adam(cfg.lr)
        self.graphdef, params = nnx.split(model, nnx.Param)
        self.opt_state = self.tx.init(params)

    def _loss(self, params, batch):
        model = nnx.merge(self.graphdef, params)
        logits, values = model(batch["obs"])
        logp = jnp.take_along_axis(jax.nn.log_softmax(logits), batch["act"][:, None], -1).squeeze(-1)
        ratio = jnp.exp(logp - batch["logp_old"])
        clipped = jnp.clip(ratio, 1 - self.cfg.clip, 1 + self.cfg.clip)
        pg = -jnp.minimum(ratio * batch["adv"], clipped * batch["adv"]).mean()
        return pg + self.cfg.vf_coef * jnp.mean((values - batch["ret"]) ** 2)

    def _minibatch_step(self, carry, batch):
        params, opt_state = carry
        loss, grads = jax.value_and_grad(self._loss)(params, batch)
        updates, opt_state = self.tx.update(grads, opt_state)
        return (optax.apply_updates(params, updates), opt_state), loss

    def update_epoch(self, minibatches):
        carry = (nnx.state(self.model, nnx.Param), self.opt_state)
        (params, self.opt_state), losses = jax.lax.scan(self._minibatch_step, carry, minibatches)
        nnx.update(self.model, params)
        return losses.mean()


def make_minibatches(key, cfg, n_mb=4, mb=8):
    k1, k2, k3, k4 = jax.random.split(key, 4)
    return {
        "obs": jax.random.normal(k1, (n_mb, mb, cfg.obs_dim)),
        "act": jax.random.randint(k2, (n_mb, mb), 0, cfg.n_actions),
        "logp_old": jnp.full((n_mb, mb), -jnp.log(cfg.n_actions)),
        "adv": jax.random.normal(k3, (n_mb, mb)),
        "ret": jax.random.normal(k4, (n_mb, mb)),
    }


def main():
    cfg = PPOConfig()
    learner = PPOLearner(ActorCritic(cfg, nnx.Rngs(0)), cfg)
    for epoch in range(2):
        learner.update_epoch(make_minibatches(jax.random.key(epoch), cfg))
    return None
