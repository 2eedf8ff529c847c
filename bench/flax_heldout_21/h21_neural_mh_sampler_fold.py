# label: ok
# flax-error: none
# class: 4 a sampler object folds the step index given as lax.scan xs into its proposal key before passing it as rngs= to apply inside a factory-built step closure
"""Independence Metropolis-Hastings with a learned neural proposal for a banana-shaped target."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class SamplerConfig:
    dim: int = 2
    hidden: int = 16
    n_steps: int = 6


def log_target(x):
    return -0.5 * (x[0] ** 2 / 4.0 + (x[1] - 0.5 * x[0] ** 2) ** 2)


class NeuralProposal(nn.Module):
    cfg: SamplerConfig

    @nn.compact
    def __call__(self):
        eps = jax.random.normal(self.make_rng("proposal"), (self.cfg.dim,))
        h = nn.tanh(nn.Dense(self.cfg.hidden)(eps))
        shift = nn.Dense(self.cfg.dim)(h)
        log_scale = self.param("log_scale", nn.initializers.zeros, (self.cfg.dim,))
        x = shift + jnp.exp(log_scale) * eps
        log_q = -0.5 * jnp.sum(eps ** 2) - jnp.sum(log_scale)
        return x, log_q


class IndependenceSampler:
    def __init__(self, model, variables, key):
        self.model, self.variables, self.key = model, variables, key

    def propose(self, t):
        return self.model.apply(self.variables, rngs={"proposal": jax.random.fold_in(self.key, t)})


def make_step(sampler):
    def step(state, t):
        x, log_w = state
        y, log_q = sampler.propose(t)
        log_w_new = log_target(y) - log_q
        u = jax.random.uniform(jax.random.fold_in(jax.random.key(99), t))
        accept = jnp.log(u) < log_w_new - log_w
        x = jnp.where(accept, y, x)
        return (x, jnp.where(accept, log_w_new, log_w)), (y, log_q)
    return step


def run_chain(sampler, x0, n_steps):
    log_w0 = log_target(x0)
    return jax.lax.scan(make_step(sampler), (x0, log_w0), jnp.arange(n_steps))


def main():
    cfg = SamplerConfig()
    model = NeuralProposal(cfg)
    variables = model.init({"params": jax.random.key(0), "proposal": jax.random.key(1)})
    sampler = IndependenceSampler(model, variables, jax.random.key(5))
    (x_final, _), (proposals, log_qs) = run_chain(sampler, jnp.zeros(cfg.dim), cfg.n_steps)
    print(x_final)
    return proposals, log_qs
