# label: same-values
# flax-error: none
# class: 3 MonteCarloPredictor.sample scans a body that calls self.bnn with self.key, a key the predictor object drew once from its rngs when it was built
import jax
import jax.numpy as jnp
import jax.random as jr
import flax.nnx as nnx

lax = jax.lax


class BayesLinear(nnx.Module):
    def __init__(self, din, dout, *, rngs, prior_std=1.0):
        self.w_mu = nnx.Param(jr.normal(rngs.params(), (din, dout)) * 0.1)
        self.w_rho = nnx.Param(jnp.full((din, dout), -3.0))
        self.b_mu = nnx.Param(jnp.zeros((dout,)))
        self.b_rho = nnx.Param(jnp.full((dout,), -3.0))
        self.prior_std = prior_std

    def __call__(self, x, key):
        kw, kb = jr.split(key)
        w = self.w_mu[...] + jax.nn.softplus(self.w_rho[...]) * jr.normal(kw, self.w_mu.shape)
        b = self.b_mu[...] + jax.nn.softplus(self.b_rho[...]) * jr.normal(kb, self.b_mu.shape)
        return x @ w + b

    def kl(self):
        def term(mu, rho):
            sigma = jax.nn.softplus(rho)
            return jnp.sum(jnp.log(self.prior_std / sigma) + (sigma**2 + mu**2) / (2 * self.prior_std**2) - 0.5)

        return term(self.w_mu[...], self.w_rho[...]) + term(self.b_mu[...], self.b_rho[...])


class BNN(nnx.Module):
    def __init__(self, din, hidden, dout, *, rngs):
        self.l1 = BayesLinear(din, hidden, rngs=rngs)
        self.l2 = BayesLinear(hidden, dout, rngs=rngs)

    def __call__(self, x, key):
        k1, k2 = jr.split(key)
        return self.l2(nnx.relu(self.l1(x, k1)), k2)


class MonteCarloPredictor:
    def __init__(self, bnn, n_samples, rngs: nnx.Rngs):
        self.bnn = bnn
        self.n_samples = n_samples
        self.key = rngs.mc()

    def sample(self, x):
        def draw(carry, _):
            return carry, self.bnn(x, self.key)

        _, ys = lax.scan(draw, None, None, length=self.n_samples)
        return ys


def main():
    bnn = BNN(1, 16, 1, rngs=nnx.Rngs(params=0))
    predictor = MonteCarloPredictor(bnn, n_samples=6, rngs=nnx.Rngs(mc=5))
    x = jnp.linspace(-1.0, 1.0, 4)[:, None]
    ys = predictor.sample(x)
    elbo_kl = bnn.l1.kl() + bnn.l2.kl()
    jax.block_until_ready((ys.mean(0), ys.std(0), elbo_kl))
    return ys
