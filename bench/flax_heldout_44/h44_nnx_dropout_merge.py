# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 a step factory nnx.splits the model once and its scan body nnx.merges from the closed-over state every step, then runs the dropout layer in train mode
"""Factory that returns a scanned Monte-Carlo-dropout sampler for an NNX model."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class MCDropoutNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.fc = nnx.Linear(4, 8, rngs=rngs)
        self.drop = nnx.Dropout(0.5, rngs=rngs)

    def __call__(self, x):
        h = nnx.relu(self.fc(x))
        mask = self.drop(jnp.ones_like(h))
        return h * mask, mask


def make_mc_sampler(model, num_samples):
    graphdef, state = nnx.split(model)

    def sample(x):
        def body(carry, _):
            m = nnx.merge(graphdef, state)
            _, mask = m(x)
            return carry, mask

        _, masks = jax.lax.scan(body, None, None, length=num_samples)
        return masks

    return sample


def main():
    model = MCDropoutNet(nnx.Rngs(0, dropout=1))
    model.train()
    sampler = make_mc_sampler(model, 5)
    return sampler(jnp.ones((2, 4)))
