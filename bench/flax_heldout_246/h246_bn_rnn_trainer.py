# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the trainer's self.params and self.batch_stats attributes are applied in the scan body, which stores the mutated batch_stats back on the trainer
import jax
import jax.numpy as jnp
from flax import linen as nn


class BNRecurrentCell(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, h, x, train: bool = True):
        pre = nn.Dense(self.hidden)(x) + nn.Dense(self.hidden, use_bias=False)(h)
        pre = nn.BatchNorm(use_running_average=not train, momentum=0.9)(pre)
        h = jnp.tanh(pre)
        return h, h


class SequenceTrainer:
    def __init__(self, hidden, key, sample_x):
        self.hidden = hidden
        self.cell = BNRecurrentCell(hidden)
        h0 = jnp.zeros((sample_x.shape[0], hidden))
        variables = self.cell.init(key, h0, sample_x)
        self.params = variables['params']
        self.batch_stats = variables['batch_stats']

    def initial_state(self, batch_size):
        return jnp.zeros((batch_size, self.hidden))

    def unroll_train(self, xs):
        def step(h, x):
            (h, y), updates = self.cell.apply(
                {'params': self.params, 'batch_stats': self.batch_stats}, h, x, mutable=['batch_stats'])
            self.batch_stats = updates['batch_stats']
            return h, y

        _, ys = jax.lax.scan(step, self.initial_state(xs.shape[1]), xs)
        return ys

    def unroll_eval(self, xs):
        variables = {'params': self.params, 'batch_stats': self.batch_stats}

        def step(h, x):
            return self.cell.apply(variables, h, x, train=False)

        _, ys = jax.lax.scan(step, self.initial_state(xs.shape[1]), xs)
        return ys


def main():
    xs = jax.random.normal(jax.random.key(0), (5, 4, 3))
    trainer = SequenceTrainer(8, jax.random.key(1), xs[0])
    train_out = trainer.unroll_train(xs)
    eval_out = trainer.unroll_eval(xs)
    jax.block_until_ready((train_out, eval_out))
