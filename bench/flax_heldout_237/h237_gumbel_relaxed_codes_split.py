# label: ok
# flax-error: none
# class: 2 the key argument of sample_relaxed is split before the loop and the keys are scanned as xs, one "gumbel" rng per apply
import jax
import jax.numpy as jnp
import jax.random as jr
import flax.linen as nn
from jax.lax import scan


class GumbelSoftmaxHead(nn.Module):
    num_codes: int = 6
    tau: float = 0.7

    @nn.compact
    def __call__(self, h):
        logits = nn.Dense(self.num_codes, name="code_logits")(h)
        g = jr.gumbel(self.make_rng("gumbel"), logits.shape)
        return jax.nn.softmax((logits + g) / self.tau, axis=-1)


def sample_relaxed(model, params, h, key, num_samples):
    def body(count, step_key):
        y = model.apply(params, h, rngs={"gumbel": step_key})
        return count + 1, y

    _, samples = scan(body, 0, jr.split(key, num_samples))
    return samples


def main():
    model = GumbelSoftmaxHead()
    h = jnp.ones((2, 5))
    params = model.init({"params": jr.key(0), "gumbel": jr.key(1)}, h)
    return sample_relaxed(model, params, h, jr.key(42), num_samples=5)
