# label: same-values
# flax-error: none
# class: 2 the scan body of SkillPrior.sample_plan calls the self.gumbel submodule with a key drawn from the stored self.rngs before the loop
"""Hierarchical RL: sample a plan of discrete skills from a learned Gumbel-softmax prior."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class PriorConfig:
    num_skills: int = 6
    tau: float = 0.5
    horizon: int = 5


class GumbelSoftmax(nnx.Module):
    def __init__(self, tau: float):
        self.tau = tau

    def __call__(self, logits, key, hard: bool = True):
        g = -jnp.log(-jnp.log(jax.random.uniform(key, logits.shape, minval=1e-6, maxval=1.0)))
        y = jax.nn.softmax((logits + g) / self.tau)
        if hard:
            y = y + jax.lax.stop_gradient(jax.nn.one_hot(jnp.argmax(y, -1), y.shape[-1]) - y)
        return y


class SkillPrior(nnx.Module):
    def __init__(self, cfg: PriorConfig, *, rngs: nnx.Rngs):
        self.logits = nnx.Param(0.5 * jax.random.normal(rngs.params(), (cfg.num_skills,)))
        self.gumbel = GumbelSoftmax(cfg.tau)
        self.rngs = rngs
        self.cfg = cfg

    def log_prob(self, skills):
        return jnp.sum(skills * jax.nn.log_softmax(self.logits[...]), -1)

    def sample_plan(self):
        key = self.rngs.gumbel()

        def body(carry, _):
            skill = self.gumbel(self.logits[...], key)
            return carry, skill

        _, plan = jax.lax.scan(body, None, None, length=self.cfg.horizon)
        return plan


class SkillDecoder(nnx.Module):
    def __init__(self, num_skills, act_dim, *, rngs: nnx.Rngs):
        self.table = nnx.Linear(num_skills, act_dim, rngs=rngs)

    def __call__(self, skills):
        return jnp.tanh(self.table(skills))


def main():
    cfg = PriorConfig()
    rngs = nnx.Rngs(params=0, gumbel=1)
    prior = SkillPrior(cfg, rngs=rngs)
    decoder = SkillDecoder(cfg.num_skills, 2, rngs=rngs)
    plan = prior.sample_plan()
    print("skills", plan.argmax(-1), "log prob", prior.log_prob(plan).sum(), decoder(plan).shape)
    return plan
