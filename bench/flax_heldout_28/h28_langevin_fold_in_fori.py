# label: ok
# flax-error: none
# class: 1 one make_rng('noise') key taken before the jax.lax.fori_loop and folded with the step inside the Langevin body
import jax
import jax.numpy as jnp
from flax import linen as nn


class EnergyModel(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, x):
        h = nn.softplus(nn.Dense(self.hidden)(x))
        return nn.Dense(1)(h).sum()

    def langevin(self, x0, num_steps: int = 5, step_size: float = 1e-2):
        grad_energy = jax.grad(lambda x: self(x))
        noise_buf = jnp.zeros((num_steps,) + x0.shape)
        base_key = self.make_rng("noise")

        def body(i, state):
            x, noise_buf = state
            noise = jax.random.normal(jax.random.fold_in(base_key, i), x.shape)
            x = x - step_size * grad_energy(x) + jnp.sqrt(2 * step_size) * noise
            return x, noise_buf.at[i].set(noise)

        x, noise_buf = jax.lax.fori_loop(0, num_steps, body, (x0, noise_buf))
        return x, noise_buf


def mean_energy(model, params, xs):
    return jax.vmap(lambda x: model.apply(params, x))(xs).mean()


def main():
    model = EnergyModel()
    x0 = jnp.zeros((3, 2))
    params = model.init(jax.random.key(0), x0)
    samples, noise = model.apply(
        params, x0, method=EnergyModel.langevin, rngs={"noise": jax.random.key(42)}
    )
    print("samples", samples, "mean energy", mean_energy(model, params, samples[:, None]))
    return noise
