# label: same-values
# flax-error: none
# class: 4 one key is drawn from the module's nnx.Rngs stream before the raw scan and closed over by the body defined in __call__, so every time step gets the same Gumbel noise
"""Sequential discrete VAE with straight-through Gumbel-softmax latents (DreamerV2-style
categorical state): a recurrent posterior encodes each observation of a sequence into a
categorical code."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class CategoricalPosterior(nnx.Module):
    def __init__(self, obs_dim=10, hidden=32, classes=8, tau=1.0, *, rngs: nnx.Rngs):
        self.cell = nnx.GRUCell(obs_dim + classes, hidden, rngs=rngs)
        self.to_logits = nnx.Linear(hidden, classes, rngs=rngs)
        self.rngs = rngs
        self.hidden, self.classes, self.tau = hidden, classes, tau

    def __call__(self, obs_seq):
        batch = obs_seq.shape[1]
        key = self.rngs.gumbel()

        def step(carry, obs):
            h, z_prev = carry
            h, _ = self.cell(h, jnp.concatenate([obs, z_prev], -1))
            logits = self.to_logits(h)
            g = jax.random.gumbel(key, logits.shape)
            soft = jax.nn.softmax((logits + g) / self.tau)
            hard = jax.nn.one_hot(jnp.argmax(soft, -1), self.classes)
            z = soft + jax.lax.stop_gradient(hard - soft)
            return (h, z), (z, g)

        init = (jnp.zeros((batch, self.hidden)), jnp.zeros((batch, self.classes)))
        _, (codes, noise) = jax.lax.scan(step, init, obs_seq)
        return codes, noise


def main():
    model = CategoricalPosterior(rngs=nnx.Rngs(params=0, gumbel=1))
    obs_seq = jax.random.normal(jax.random.PRNGKey(5), (7, 3, 10))
    codes, noise = model(obs_seq)
    return noise
