# label: ok
# flax-error: none
# class: 1 the sampler module's own sample method runs the fori_loop and folds the step into self.make_rng in the body
"""Energy-based model sampled with unadjusted Langevin dynamics.

Twin of h213_langevin_ebm: the key from self.make_rng('langevin') is folded with the step
index, so each Langevin step gets its own noise."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class EnergyNet(nn.Module):
    hidden: int = 64

    @nn.compact
    def __call__(self, x):
        h = nn.swish(nn.Dense(self.hidden)(x))
        h = nn.swish(nn.Dense(self.hidden)(h))
        return nn.Dense(1)(h).squeeze(-1)


class LangevinEBM(nn.Module):
    n_steps: int = 12
    step_size: float = 0.01

    def setup(self):
        self.energy = EnergyNet()

    def __call__(self, x):
        return self.energy(x)

    def sample(self, x0):
        grad_energy = jax.grad(lambda x: self.energy(x).sum())
        noise_trace = jnp.zeros((self.n_steps,) + x0.shape)

        def langevin_step(i, state):
            x, trace = state
            key = jax.random.fold_in(self.make_rng("langevin"), i)
            noise = jax.random.normal(key, x.shape)
            x = x - self.step_size * grad_energy(x) + jnp.sqrt(2.0 * self.step_size) * noise
            return x, trace.at[i].set(noise)

        return jax.lax.fori_loop(0, self.n_steps, langevin_step, (x0, noise_trace))


def main():
    model = LangevinEBM()
    x0 = jax.random.normal(jax.random.PRNGKey(0), (4, 2))
    variables = model.init(jax.random.PRNGKey(1), x0)
    samples, noise = model.apply(
        variables, x0, method=LangevinEBM.sample, rngs={"langevin": jax.random.PRNGKey(2)}
    )
    print("final energy", model.apply(variables, samples).mean())
    return noise
