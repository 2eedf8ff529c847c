# label: trace-context
# flax-error: TraceContextError: Cannot mutate Counts from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 ServingPolicy stores the bandit's bound methods (score/feedback); the module-level simulate() while_loop body calls policy.feedback(), which writes the bandit's Counts variables
"""Neural UCB recommender evaluated in a simulated traffic replay.

A linear scorer gives the exploitation term; per-arm pull counts give the
exploration bonus. The simulator replays contexts until the impression budget
is spent, feeding back clicks to the bandit.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import while_loop


@dataclasses.dataclass(frozen=True)
class BanditConfig:
    n_arms: int = 5
    ctx_dim: int = 6
    horizon: int = 8
    budget: float = 6.0
    alpha: float = 0.5


class Counts(nnx.Variable):
    pass


class NeuralUCB(nnx.Module):
    def __init__(self, cfg: BanditConfig, *, rngs: nnx.Rngs):
        self.scorer = nnx.Linear(cfg.ctx_dim, cfg.n_arms, rngs=rngs)
        self.pulls = Counts(jnp.zeros((cfg.n_arms,)))
        self.clicks = Counts(jnp.zeros((cfg.n_arms,)))
        self.alpha = cfg.alpha

    def ucb(self, ctx):
        total = jnp.sum(self.pulls[...]) + 1.0
        bonus = self.alpha * jnp.sqrt(jnp.log(total) / (self.pulls[...] + 1.0))
        ctr = self.clicks[...] / (self.pulls[...] + 1.0)
        return self.scorer(ctx) + ctr + bonus

    def observe(self, arm, click):
        self.pulls[...] = self.pulls[...].at[arm].add(1.0)
        self.clicks[...] = self.clicks[...].at[arm].add(click)


class ServingPolicy:
    def __init__(self, bandit: NeuralUCB, cost_per_impression: float = 1.0):
        self.score = bandit.ucb
        self.feedback = bandit.observe
        self.cost = cost_per_impression


def simulate(policy: ServingPolicy, contexts, true_w, budget):
    horizon = contexts.shape[0]

    def cond(carry):
        t, spent, _ = carry
        return (t < horizon) & (spent + policy.cost <= budget)

    def body(carry):
        t, spent, clicks = carry
        ctx = contexts[t]
        arm = jnp.argmax(policy.score(ctx))
        click = (jax.nn.sigmoid(ctx @ true_w[:, arm]) > 0.5).astype(jnp.float32)
        policy.feedback(arm, click)
        return t + 1, spent + policy.cost, clicks + click

    _, _, clicks = while_loop(cond, body, (jnp.array(0), jnp.array(0.0), jnp.array(0.0)))
    return clicks


def main():
    cfg = BanditConfig()
    bandit = NeuralUCB(cfg, rngs=nnx.Rngs(0))
    policy = ServingPolicy(bandit)
    k1, k2 = jax.random.split(jax.random.PRNGKey(1))
    contexts = jax.random.normal(k1, (cfg.horizon, cfg.ctx_dim))
    true_w = jax.random.normal(k2, (cfg.ctx_dim, cfg.n_arms))
    clicks = simulate(policy, contexts, true_w, cfg.budget)
    float(clicks)
    return None
