# label: ok
# flax-error: none
# class: 2 price_paths' local key, drawn once from the desk's nnx.Rngs "paths" stream, goes into the scan body and is folded with the path id before each Monte Carlo path is simulated
"""Monte Carlo pricing of a European call with a learned local-volatility model.

The volatility surface is a small NNX network evaluated at the spot. The pricer draws a key
from the desk's nnx.Rngs "paths" stream and simulates one path per scan step, returning
the discounted payoff of every path so that the risk system can compute the price and its
standard error. Each path folds its id into the key.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class LocalVol(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(2, 8, rngs=rngs)
        self.l2 = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, spot, t):
        x = jnp.stack([jnp.log(spot), t])
        return 0.1 + 0.2 * nnx.sigmoid(self.l2(nnx.tanh(self.l1(x)))).squeeze()


def price_paths(vol_model, key, spot, strike, rate, maturity, n_paths, n_steps=12):
    dt = maturity / n_steps

    def simulate(_, path_id):
        z = jax.random.normal(jax.random.fold_in(key, path_id), (n_steps,))
        log_s = jnp.log(spot)
        for k in range(n_steps):
            sigma = vol_model(jnp.exp(log_s), jnp.asarray(k * dt))
            log_s = log_s + (rate - 0.5 * sigma**2) * dt + sigma * jnp.sqrt(dt) * z[k]
        payoff = jnp.maximum(jnp.exp(log_s) - strike, 0.0) * jnp.exp(-rate * maturity)
        return None, payoff

    _, payoffs = scan(simulate, None, jnp.arange(n_paths))
    return payoffs


class PricingDesk:
    def __init__(self, seed: int):
        self.rngs = nnx.Rngs(params=seed, paths=seed + 1)
        self.vol = LocalVol(self.rngs)

    def quote(self, spot, strike):
        key = self.rngs.paths()
        return price_paths(self.vol, key, spot, strike, rate=0.03, maturity=0.5, n_paths=16)


def main():
    desk = PricingDesk(seed=0)
    return desk.quote(spot=100.0, strike=102.0)
