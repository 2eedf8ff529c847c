# label: ok
# flax-error: none
# class: 5 make_round_step(apply_fn, params, cfg) returns a step function that takes its round key from keys split before the scan from the frozen BidConfig seed
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

    def round_step(budget, context, round_key, temperature):
        bids = apply_fn({"params": params}, context, temperature, rngs={"explore": round_key})
        spend = jnp.minimum(bids.sum(), budget)
        return budget - spend, bids

    return round_step


class AuctionRunner:
    def __init__(self, cfg: BidConfig, policy: BidPolicy, params):
        self.cfg = cfg
        self.step = make_round_step(policy.apply, params, cfg)

    def run_stage(self, stage, context, temperature):
        step = functools.partial(self.step, temperature=temperature)
        body = lambda budget, xs: step(budget, *xs)
        contexts = jnp.broadcast_to(context, (self.cfg.rounds,) + context.shape)
        stage_key = jax.random.fold_in(jax.random.key(self.cfg.seed), stage)
        keys = jax.random.split(stage_key, self.cfg.rounds)
        return jax.lax.scan(body, jnp.asarray(self.cfg.budget), (contexts, keys))

    def run(self, context):
        per_stage = [self.run_stage(s, context, t)[1] for s, t in enumerate(self.cfg.stage_temperatures)]
        return jnp.stack(per_stage, axis=1)  # (rounds, stages, slots)


def main():
    cfg = BidConfig()
    policy = BidPolicy(cfg.slots)
    context = jax.random.normal(jax.random.key(2), (5,))
    params = policy.init({"params": jax.random.key(0), "explore": jax.random.key(1)}, context, 1.0)["params"]
    bids = AuctionRunner(cfg, policy, params).run(context)
    print("mean bid per stage", bids.mean(axis=(0, 2)))
    return bids
