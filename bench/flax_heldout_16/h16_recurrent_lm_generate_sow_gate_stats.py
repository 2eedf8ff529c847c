# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 each GatedLayer in the model's layer list sows its gate mean while generate() runs them inside the scan body (apply method=, mutable=['intermediates'])
"""Gated recurrent language model with greedy generation and gate diagnostics."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class LMConfig:
    vocab: int = 11
    width: int = 16
    depth: int = 2
    gen_len: int = 5


class GatedLayer(nn.Module):
    width: int

    @nn.compact
    def __call__(self, h, x):
        gate = nn.sigmoid(nn.Dense(self.width, name="gate")(jnp.concatenate([h, x], -1)))
        cand = jnp.tanh(nn.Dense(self.width, name="cand")(x))
        self.sow("intermediates", "gate_mean", jnp.mean(gate))
        return gate * h + (1.0 - gate) * cand


class RecurrentLM(nn.Module):
    config: LMConfig

    def setup(self):
        self.embed = nn.Embed(self.config.vocab, self.config.width)
        self.layers = [GatedLayer(self.config.width) for _ in range(self.config.depth)]
        self.readout = nn.Dense(self.config.vocab)

    def step(self, hs, token):
        x = self.embed(token)
        new_hs = []
        for layer, h in zip(self.layers, hs):
            x = layer(h, x)
            new_hs.append(x)
        return tuple(new_hs), self.readout(x)

    def initial_state(self, batch):
        return tuple(jnp.zeros((batch, self.config.width)) for _ in range(self.config.depth))

    def __call__(self, tokens):
        hs = self.initial_state(tokens.shape[0])
        _, logits = self.step(hs, tokens[:, 0])
        return logits

    def generate(self, prompt):
        def body(carry, _):
            hs, token = carry
            hs, logits = self.step(hs, token)
            next_token = jnp.argmax(logits, axis=-1)
            return (hs, next_token), next_token

        carry = (self.initial_state(prompt.shape[0]), prompt[:, -1])
        _, generated = jax.lax.scan(body, carry, None, length=self.config.gen_len)
        return generated.T


def generate_with_diagnostics(model, params, prompt):
    tokens, state = model.apply({"params": params}, prompt, method=RecurrentLM.generate,
                                mutable=["intermediates"])
    gate_means = jax.tree.map(lambda *xs: jnp.stack(xs), *jax.tree.leaves(state["intermediates"]))
    return tokens, gate_means


def main():
    config = LMConfig()
    model = RecurrentLM(config)
    prompt = jnp.array([[1, 2, 3], [4, 5, 6]])
    params = model.init(jax.random.key(0), prompt)["params"]
    tokens, gate_means = generate_with_diagnostics(model, params, prompt)
    assert tokens.shape == (2, config.gen_len)
    return None
