# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "Dense_0/kernel/u" in "/SpectralNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 sample_until_still's locals model and variables go straight into the while_loop body, which applies the spectrally normalised energy with update_stats=True
import jax
import jax.numpy as jnp
from flax import linen
from jax.lax import while_loop

DIM = 2


class SNEnergy(linen.Module):
    hidden: int = 32

    @linen.compact
    def __call__(self, x, update_stats: bool = False):
        h = linen.SpectralNorm(linen.Dense(self.hidden))(x, update_stats=update_stats)
        h = linen.swish(h)
        h = linen.SpectralNorm(linen.Dense(self.hidden))(h, update_stats=update_stats)
        h = linen.swish(h)
        return linen.Dense(1)(h).squeeze(-1)


def sample_until_still(model, variables, x0, key, step_size=0.05, tol=1e-2, max_steps=25):
    def energy_sum(x):
        return model.apply(variables, x, update_stats=True).sum()

    def not_converged(state):
        i, _, grad_norm, _ = state
        return (i < max_steps) & (grad_norm > tol)

    def body(state):
        i, x, _, key = state
        key, sub = jax.random.split(key)
        g = jax.grad(energy_sum)(x)
        noise = jax.random.normal(sub, x.shape)
        x = x - step_size * g + jnp.sqrt(2 * step_size) * 0.01 * noise
        return i + 1, x, jnp.linalg.norm(g), key

    init = (jnp.int32(0), x0, jnp.float32(jnp.inf), key)
    steps, x, _, _ = while_loop(not_converged, body, init)
    return jax.lax.stop_gradient(x), steps, variables


def two_moons(key, n):
    k1, k2 = jax.random.split(key)
    t = jax.random.uniform(k1, (n,), maxval=jnp.pi)
    upper = jnp.stack([jnp.cos(t), jnp.sin(t)], -1)
    lower = jnp.stack([1 - jnp.cos(t), 0.5 - jnp.sin(t)], -1)
    pick = jax.random.bernoulli(k2, 0.5, (n, 1))
    return jnp.where(pick, upper, lower)


def main():
    model = SNEnergy()
    x_pos = two_moons(jax.random.key(1), 16)
    variables = model.init(jax.random.key(0), x_pos)
    x0 = jax.random.normal(jax.random.key(2), (16, DIM))
    x_neg, steps, variables = sample_until_still(model, variables, x0, jax.random.key(3))
    e_pos = model.apply(variables, x_pos)
    e_neg = model.apply(variables, x_neg)
    jax.block_until_ready((e_pos.mean() - e_neg.mean(), steps))
