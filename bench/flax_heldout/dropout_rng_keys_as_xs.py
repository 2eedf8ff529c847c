# label: ok
# flax-error: none
# class: 4 word-dropout with one key per timestep split outside and passed to nn.Dropout(rng=...)
import flax.linen as nn
import jax
import jax.numpy as jnp


class WordDropoutLM(nn.Module):
    hidden: int = 6

    @nn.compact
    def __call__(self, xs, *, train):
        rec = nn.Dense(self.hidden)
        drop = nn.Dropout(rate=0.5, deterministic=not train)
        h0 = rec(jnp.zeros((xs.shape[1], self.hidden)))
        keys = jax.random.split(self.make_rng("dropout"), xs.shape[0])

        def step(h, inputs):
            x, key = inputs
            x = drop(x, rng=key)
            return jnp.tanh(rec(h) + x), x

        _, inputs_seen = jax.lax.scan(step, h0, (xs, keys))
        return inputs_seen


def main():
    xs = jnp.ones((6, 2, 6))
    model = WordDropoutLM()
    variables = model.init({"params": jax.random.PRNGKey(0), "dropout": jax.random.PRNGKey(1)}, xs, train=False)
    return model.apply(variables, xs, train=True, rngs={"dropout": jax.random.PRNGKey(42)})
