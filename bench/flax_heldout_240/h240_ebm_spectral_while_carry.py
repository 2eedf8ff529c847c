# label: ok
# flax-error: none
# class: 2 sample_until_still's locals model and variables go into the while_loop body for the params; the spectral-norm batch_stats it updates are threaded through the loop state and returned
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
    params = variables["params"]

    def energy_sum(x, batch_stats):
        energy, updates = model.apply(
            {"params": params, "batch_stats": batch_stats}, x, update_stats=True, mutable=["batch_stats"]
        )
        return energy.sum(), updates["batch_stats"]

    def not_converged(state):
        i, _, grad_norm, _, _ = state
        return (i < max_steps) & (grad_norm > tol)

    def body(state):
        i, x, _, key, batch_stats = state
        key, sub = jax.random.split(key)
        g, batch_stats = jax.grad(energy_sum, has_aux=True)(x, batch_stats)
        noise = jax.random.normal(sub, x.shape)
        x = x - step_size * g + jnp.sqrt(2 * step_size) * 0.01 * noise
        return i + 1, x, jnp.linalg.norm(g), key, batch_stats

    init = (jnp.int32(0), x0, jnp.float32(jnp.inf), key, variables["batch_stats"])
    steps, x, _, _, batch_stats = while_loop(not_converged, body, init)
    return jax.lax.stop_gradient(x), steps, {"params": params, "batch_stats": batch_stats}


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
