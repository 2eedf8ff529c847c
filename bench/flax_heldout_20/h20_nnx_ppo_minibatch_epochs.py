# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the scan body of update_epoch() calls _minibatch_step(), where the agent's nnx.Optimizer updates the model held outside the loop
"""PPO update for a discrete-action actor-critic: one epoch is a scan over shuffled
minibatches; gradients come from a pure loss over the split parameters."""
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


class PPOAgent:
    def __init__(self, model: ActorCritic, cfg: PPOConfig):
        self.model, self.cfg = model, cfg
        self.optimizer = nnx.Optimizer(model, optax.adam(cfg.lr), wrt=nnx.Param)
        self.graphdef, _, self.rest = nnx.split(model, nnx.Param, ...)

    def _loss(self, params, batch):
        model = nnx.merge(self.graphdef, params, self.rest)
        logits, values = model(batch["obs"])
        logp = jnp.take_along_axis(jax.nn.log_softmax(logits), batch["act"][:, None], -1).squeeze(-1)
        ratio = jnp.exp(logp - batch["logp_old"])
        clipped = jnp.clip(ratio, 1 - self.cfg.clip, 1 + self.cfg.clip)
        pg = -jnp.minimum(ratio * batch["adv"], clipped * batch["adv"]).mean()
        return pg + self.cfg.vf_coef * jnp.mean((values - batch["ret"]) ** 2)

    def _minibatch_step(self, batch):
        loss, grads = jax.value_and_grad(self._loss)(nnx.state(self.model, nnx.Param), batch)
        self.optimizer.update(self.model, grads)
        return loss

    def update_epoch(self, minibatches):
        def body(carry, batch):
            return carry, self._minibatch_step(batch)

        _, losses = jax.lax.scan(body, None, minibatches)
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
    agent = PPOAgent(ActorCritic(cfg, nnx.Rngs(0)), cfg)
    for epoch in range(2):
        agent.update_epoch(make_minibatches(jax.random.key(epoch), cfg))
    return None
