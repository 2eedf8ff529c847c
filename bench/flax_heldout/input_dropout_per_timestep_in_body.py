# label: same-values
# flax-error: none
# class: 4 word-dropout applied to each timestep's input inside a raw scan: the same mask at every step
import flax.linen as nn
import jax
import jax.numpy as jnp


class WordDropoutLM(nn.Module):
    hidden: int = 6

    @nn.compact
    def __call__(self, xs, *, train):
        rec = nn.Dense(self.hidden)
        h0 = rec(jnp.zeros((xs.shape[1], self.hidden)))

        def step(h, x):
            x = nn.Dropout(rate=0.5)(x, deterministic=not train)
            return jnp.tanh(rec(h) + x), x

        _, inputs_seen = jax.lax.scan(step, h0, xs)
        return inputs_seen


def main():
    xs = jnp.ones((6, 2, 6))
    model = WordDropoutLM()
    variables = model.init(jax.random.PRNGKey(0), xs, train=False)
    return model.apply(variables, xs, train=True, rngs={"dropout": jax.random.PRNGKey(42)})
