# label: ok
# flax-error: none
# class: 4 a module-level PBT loop receives the explorer's apply function; the key is split in the scan carry and a fresh rngs dict is built each round
import jax
import jax.numpy as jnp
from flax import linen as nn


class Explorer(nn.Module):
    """Truncation selection + multiplicative perturbation of hyperparameters (PBT explore step)."""
    factors: tuple = (0.8, 1.2)
    frac: float = 0.25

    @nn.compact
    def __call__(self, hparams, fitness):
        # hparams: [P, H], fitness: [P]
        temp = self.param("temperature", nn.initializers.ones, ())
        P = hparams.shape[0]
        order = jnp.argsort(-fitness / temp)
        n_cut = max(1, int(P * self.frac))
        donors = order[:n_cut]
        pick = jax.random.randint(self.make_rng("explore"), (P,), 0, n_cut)
        copied = jnp.where(jnp.isin(jnp.arange(P), order[-n_cut:])[:, None], hparams[donors[pick]], hparams)
        factor = jax.random.choice(self.make_rng("explore"), jnp.array(self.factors), hparams.shape)
        return copied * factor, factor


def run_pbt(apply_fn, variables, hparams, fitness_fn, rng, n_rounds):
    def round_(carry, _):
        hp, rng = carry
        rng, sub = jax.random.split(rng)
        fit = fitness_fn(hp)
        hp, factor = apply_fn(variables, hp, fit, rngs={"explore": sub})
        return (hp, rng), factor

    return jax.lax.scan(round_, (hparams, rng), None, length=n_rounds)


def main():
    P, H = 8, 2
    hparams = jnp.stack([jnp.logspace(-4, -1, P), jnp.linspace(0.1, 0.9, P)], -1)
    fitness_fn = lambda hp: -jnp.sum((jnp.log10(hp[:, :1]) + 2.5) ** 2, -1) - (hp[:, 1] - 0.5) ** 2
    explorer = Explorer()
    variables = explorer.init({"params": jax.random.PRNGKey(0), "explore": jax.random.PRNGKey(1)},
                              hparams, fitness_fn(hparams))
    _, factors = run_pbt(explorer.apply, variables, hparams, fitness_fn, jax.random.PRNGKey(7), 5)
    return factors
