# label: same-values
# flax-error: none
# class: 2 the key argument of sample_relaxed is a local that the scan body passes as the "gumbel" rng of every apply
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
    def body(count, _):
        y = model.apply(params, h, rngs={"gumbel": key})
        return count + 1, y

    _, samples = scan(body, 0, None, length=num_samples)
    return samples


def main():
    model = GumbelSoftmaxHead()
    h = jnp.ones((2, 5))
    params = model.init({"params": jr.key(0), "gumbel": jr.key(1)}, h)
    return sample_relaxed(model, params, h, jr.key(42), num_samples=5)
