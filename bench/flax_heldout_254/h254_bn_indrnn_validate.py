# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/encoder/cell/bn" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the BatchNorm statistics belong to self.encoder.cell.bn, reached from the fori_loop body through Tagger.step and Encoder.step
"""IndRNN tagger with batch-normalised input projections; computes validation accuracy."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class BNIndRNNCell(nn.Module):
    hidden: int
    train: bool

    def setup(self):
        self.input_proj = nn.Dense(self.hidden, use_bias=False)
        self.u = self.param("u", nn.initializers.uniform(1.0), (self.hidden,))
        self.bn = nn.BatchNorm(use_running_average=not self.train, momentum=0.9)

    def __call__(self, h, x):
        return nn.relu(self.bn(self.input_proj(x)) + self.u * h)


class Encoder(nn.Module):
    hidden: int
    train: bool

    def setup(self):
        self.cell = BNIndRNNCell(self.hidden, self.train)

    def step(self, h, x):
        return self.cell(h, x)


class Tagger(nn.Module):
    hidden: int = 10
    num_tags: int = 5
    train: bool = True

    def setup(self):
        self.encoder = Encoder(self.hidden, self.train)
        self.head = nn.Dense(self.num_tags)

    def step(self, h, x):
        h = self.encoder.step(h, x)
        return h, self.head(h)

    def __call__(self, xs):
        # xs: [time, batch, features]
        steps, batch = xs.shape[:2]

        def body(t, state):
            h, logits = state
            h, logits_t = self.step(h, xs[t])
            return h, logits.at[t].set(logits_t)

        init = (jnp.zeros((batch, self.hidden)), jnp.zeros((steps, batch, self.num_tags)))
        _, logits = lax.fori_loop(0, steps, body, init)
        return logits


def accuracy(logits, tags):
    return (logits.argmax(-1) == tags).mean()


def main():
    model = Tagger()
    key_x, key_t, key_init = jax.random.split(jax.random.key(0), 3)
    xs = jax.random.normal(key_x, (7, 6, 3))
    tags = jax.random.randint(key_t, (7, 6), 0, 5)
    h0 = jnp.zeros((6, 10))
    variables = model.init(key_init, h0, xs[0], method=Tagger.step)

    logits = model.apply(variables, xs)
    acc = accuracy(logits, tags)
    jax.block_until_ready(acc)
    return None


if __name__ == "__main__":
    main()
