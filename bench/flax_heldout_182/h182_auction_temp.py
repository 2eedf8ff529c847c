# label: same-values
# flax-error: none
# class: 5 make_round_step(apply_fn, params, cfg) returns a step function that calls apply with rngs built from the frozen BidConfig seed on every round
"""Real-time-bidding agent: per-stage temperature schedule over an auction's rounds."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class BidConfig:
    seed: int = 11
    rounds: int = 6
    slots: int = 3
    stage_temperatures: tuple = (1.5, 0.8, 0.3)
    budget: float = 50.0


class BidPolicy(nn.Module):
    slots: int

    @nn.compact
    def __call__(self, context, temperature):
        mean = nn.Dense(self.slots)(context)
        noise = jax.random.normal(self.make_rng("explore"), mean.shape)
        return nn.softplus(mean + temperature * noise)


def make_round_step(apply_fn, params, cfg: BidConfig):
    """Builds the per-round step used by every stage of the auction."""

    def round_step(budget, context, temperature):
        bids = apply_fn({"params": params}, context, temperature,
                        rngs={"explore": jax.random.key(cfg.seed)})
        spend = jnp.minimum(bids.sum(), budget)
        return budget - spend, bids

    return round_step


class AuctionRunner:
    def __init__(self, cfg: BidConfig, policy: BidPolicy, params):
        self.cfg = cfg
        self.step = make_round_step(policy.apply, params, cfg)

    def run_stage(self, context, temperature):
        step = functools.partial(self.step, temperature=temperature)
        body = lambda budget, ctx: step(budget, ctx)
        contexts = jnp.broadcast_to(context, (self.cfg.rounds,) + context.shape)
        return jax.lax.scan(body, jnp.asarray(self.cfg.budget), contexts)

    def run(self, context):
        per_stage = [self.run_stage(context, t)[1] for t in self.cfg.stage_temperatures]
        return jnp.stack(per_stage, axis=1)  # (rounds, stages, slots)


def main():
    cfg = BidConfig()
    policy = BidPolicy(cfg.slots)
    context = jax.random.normal(jax.random.key(2), (5,))
    params = policy.init({"params": jax.random.key(0), "explore": jax.random.key(1)}, context, 1.0)["params"]
    bids = AuctionRunner(cfg, policy, params).run(context)
    print("mean bid per stage", bids.mean(axis=(0, 2)))
    return bids
