# label: ok
# flax-error: none
# class: 1 BidPolicy.__call__ draws one key from its 'explore' stream before its scan and splits the carried key each hour
"""Day-ahead energy trading bot: an exploration policy proposes hourly bids for a battery.

The policy module rolls the state of charge through the 24 delivery hours with a raw
scan and perturbs each bid with exploration noise from a key it carries and splits.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class BidPolicy(nn.Module):
    capacity_mwh: float = 4.0
    noise_scale: float = 0.2

    @nn.compact
    def __call__(self, hourly_features):
        head = nn.Dense(1, name="bid_head")
        head(hourly_features[0])

        def hour(carry, features):
            soc, key = carry
            key, sub = jax.random.split(key)
            exploration = self.noise_scale * jax.random.normal(sub, ())
            bid = jnp.tanh(head(features)[0] + exploration)
            soc = jnp.clip(soc - bid, 0.0, self.capacity_mwh)
            return (soc, key), exploration

        init = (jnp.asarray(self.capacity_mwh / 2), self.make_rng("explore"))
        (final_soc, _), explorations = lax.scan(hour, init, hourly_features)
        return final_soc, explorations


class TradingBot:
    def __init__(self, seed: int):
        self.policy = BidPolicy()
        self.seed = seed
        self.variables = None

    def warm_start(self, features):
        keys = jax.random.split(jax.random.key(self.seed), 2)
        self.variables = self.policy.init({"params": keys[0], "explore": keys[1]}, features)

    def propose_day(self, features, day: int):
        key = jax.random.fold_in(jax.random.key(self.seed + 1), day)
        return self.policy.apply(self.variables, features, rngs={"explore": key})


def main():
    features = jax.random.normal(jax.random.key(5), (24, 6))
    bot = TradingBot(seed=11)
    bot.warm_start(features)
    final_soc, explorations = bot.propose_day(features, day=3)
    print("final state of charge", final_soc)
    return explorations
