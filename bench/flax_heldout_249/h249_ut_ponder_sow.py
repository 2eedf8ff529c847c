# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the scan body calls self.step, which calls self.halter.observe, which sows the halting probability into 'intermediates'

import jax
import jax.numpy as jnp
import flax.linen as nn


class HaltingUnit(nn.Module):
    @nn.compact
    def __call__(self, h):
        return nn.sigmoid(nn.Dense(1, name="logit")(h))[..., 0]

    def observe(self, p):
        self.sow("intermediates", "halting", p)


class AdaptiveUT(nn.Module):
    """Universal-Transformer style refinement with an ACT ponder penalty."""

    width: int = 8
    max_steps: int = 4

    def setup(self):
        self.transition = nn.Dense(self.width)
        self.halter = HaltingUnit()

    def step(self, h):
        h = h + nn.tanh(self.transition(h))
        p = self.halter(h)
        self.halter.observe(p)
        return h

    def __call__(self, h):
        h = self.step(h)

        def body(h, _):
            return self.step(h), None

        h, _ = jax.lax.scan(body, h, None, length=self.max_steps - 1)
        return h


def ponder_cost(intermediates):
    probs = intermediates["intermediates"]["halter"]["halting"]
    return sum(jnp.sum(p) for p in probs)


def loss_fn(params, model, x):
    h, inter = model.apply({"params": params}, x, mutable=["intermediates"])
    return jnp.mean(h ** 2) + 0.01 * ponder_cost(inter)


def main():
    model = AdaptiveUT()
    x = jax.random.normal(jax.random.key(0), (3, 8))
    params = model.init(jax.random.key(1), x)["params"]
    loss = loss_fn(params, model, x)
    jax.block_until_ready(loss)
