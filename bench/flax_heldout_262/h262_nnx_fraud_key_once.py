# label: same-values
# flax-error: none
# class: 2 StressTester.perturbed_scores draws key from its nnx.Rngs 'stress' stream before the scan; that local key goes into the body directly
import jax.numpy as jnp
import jax.random as jrandom
from flax import nnx
from jax.lax import scan


class FraudNet(nnx.Module):
    def __init__(self, n_features, rngs):
        self.l1 = nnx.Linear(n_features, 10, rngs=rngs)
        self.l2 = nnx.Linear(10, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.sigmoid(self.l2(nnx.tanh(self.l1(x))))[..., 0]


class TransactionEncoder:
    CHANNELS = ("pos", "ecom", "atm")

    def encode(self, amount, channel, distance_km):
        onehot = jnp.array([float(channel == c) for c in self.CHANNELS])
        return jnp.concatenate([jnp.array([jnp.log1p(amount), jnp.log1p(distance_km)]), onehot])


class StressTester:
    def __init__(self, model, seed, sigma=0.25):
        self.model = model
        self.rngs = nnx.Rngs(stress=seed)
        self.sigma = sigma

    def perturbed_scores(self, x, n_trials):
        key = self.rngs.stress()
        trials = jnp.broadcast_to(x, (n_trials,) + x.shape)

        def trial(carry, xt):
            noisy = xt + self.sigma * jrandom.normal(key, xt.shape)
            return carry, self.model(noisy)

        _, scores = scan(trial, None, trials)
        return scores


def main():
    enc = TransactionEncoder()
    x = jnp.stack([enc.encode(64.0, "pos", 2.0), enc.encode(2300.0, "ecom", 5400.0)])
    tester = StressTester(FraudNet(5, nnx.Rngs(0)), seed=12)
    return tester.perturbed_scores(x, n_trials=6)
