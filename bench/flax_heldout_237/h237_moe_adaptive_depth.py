# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "tokens_per_expert" in "/block/moe" because collection "load" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the "load" counter of the MoE layer is reached from Model.refine's while_loop body through self.block -> Block.moe
import jax
import jax.numpy as jnp
import flax.linen as nn


class MoE(nn.Module):
    num_experts: int = 4
    features: int = 6
    train: bool = True

    def setup(self):
        self.gate = nn.Dense(self.num_experts, use_bias=False)
        self.experts = nn.Dense(self.features * self.num_experts)
        self.tokens_per_expert = self.variable(
            "load", "tokens_per_expert", jnp.zeros, (self.num_experts,), jnp.float32
        )

    def __call__(self, x):
        probs = jax.nn.softmax(self.gate(x), axis=-1)
        choice = jnp.argmax(probs, axis=-1)
        if self.train:
            self.tokens_per_expert.value = self.tokens_per_expert.value + jax.nn.one_hot(
                choice, self.num_experts
            ).sum(0)
        fused = self.experts(x).reshape(x.shape[0], self.num_experts, self.features)
        picked = jnp.take_along_axis(fused, choice[:, None, None], axis=1)[:, 0]
        return picked * jnp.max(probs, axis=-1, keepdims=True)


class Block(nn.Module):
    train: bool = True

    def setup(self):
        self.norm = nn.LayerNorm()
        self.moe = MoE(train=self.train)

    def __call__(self, x):
        return x + 0.5 * self.moe(self.norm(x))


class Model(nn.Module):
    features: int = 6
    train: bool = True

    def setup(self):
        self.embed = nn.Dense(self.features)
        self.block = Block(train=self.train)
        self.head = nn.Dense(2)

    def __call__(self, x):
        return self.head(self.block(self.embed(x)))

    def refine(self, x, max_rounds=4, tol=1e-3):
        """Adaptive depth: apply the shared block until the hidden state settles."""
        h = self.embed(x)

        def cond(state):
            i, _, delta = state
            return (i < max_rounds) & (delta > tol)

        def body(state):
            i, h, _ = state
            new_h = self.block(h)
            return i + 1, new_h, jnp.max(jnp.abs(new_h - h))

        _, h, _ = jax.lax.while_loop(cond, body, (0, h, jnp.array(jnp.inf, jnp.float32)))
        return self.head(h)


def main():
    model = Model()
    x = jnp.ones((5, 3))
    variables = model.init(jax.random.key(0), x)
    out = model.apply(variables, x, method=Model.refine)
    jax.block_until_ready(out)
    return None
