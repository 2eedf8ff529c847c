# label: ok
# flax-error: none
# class: 1 VP-SDE reverse-time Euler-Maruyama sampler takes one make_rng key outside its inline fori_loop body and folds in the step index for each step's noise
"""Score-SDE (Song et al. 2021) reverse diffusion with the Euler-Maruyama predictor. The score
model is a setup submodule; the sampler draws one key with self.make_rng before the loop and
derives per-step noise with jax.random.fold_in(key, i) inside jax.lax.fori_loop."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class ScoreMLP(nn.Module):
    @nn.compact
    def __call__(self, x, t):
        h = jnp.concatenate([x, jnp.broadcast_to(t, x.shape[:-1] + (1,))], -1)
        h = nn.gelu(nn.Dense(32)(h))
        return nn.Dense(x.shape[-1])(h)


class VPSDE(nn.Module):
    beta_min: float = 0.1
    beta_max: float = 20.0
    num_steps: int = 5

    def setup(self):
        self.score = ScoreMLP()

    def __call__(self, x, t):
        return self.score(x, t)

    def sample(self, x):
        key = self.make_rng("sampling")
        dt = -1.0 / self.num_steps
        noises = jnp.zeros((self.num_steps,) + x.shape)

        def em_step(i, state):
            x, noises = state
            t = 1.0 + i * dt
            beta = self.beta_min + t * (self.beta_max - self.beta_min)
            drift = -0.5 * beta * x - beta * self.score(x, t)
            z = jax.random.normal(jax.random.fold_in(key, i), x.shape)
            x = x + drift * dt + jnp.sqrt(beta * -dt) * z
            return x, noises.at[i].set(z)

        _, noises = jax.lax.fori_loop(0, self.num_steps, em_step, (x, noises))
        return noises


def main():
    model = VPSDE()
    x = jnp.zeros((2, 3))
    variables = model.init(jax.random.PRNGKey(0), x, 1.0)
    noises = model.apply(variables, x, rngs={"sampling": jax.random.PRNGKey(5)}, method=VPSDE.sample)
    return noises
