# label: trace-context
# flax-error: TraceContextError: Cannot mutate EMAWeight from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the scan body calls the after_step() hook that EMATrainer overrides; it writes self.shadow.ema, a Variable subclass on a second module
"""Air-quality sensor calibration (NNX): map low-cost sensor readings to reference values.

BaseTrainer.fit() scans over the minibatches of an epoch with pure parameter updates and
calls the after_step() hook each step; EMATrainer keeps an exponential moving average of
the calibration weights for deployment.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class EMAWeight(nnx.Variable):
    pass


class Calibrator(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.lin = nnx.Linear(5, 3, rngs=rngs)

    def __call__(self, x):
        return self.lin(x)


class Shadow(nnx.Module):
    def __init__(self, kernel):
        self.ema = EMAWeight(jnp.array(kernel))


class BaseTrainer:
    lr = 0.05

    def __init__(self, model: Calibrator):
        self.model = model
        self.graphdef, self.params = nnx.split(model, nnx.Param)

    def after_step(self, params):
        return None

    def loss(self, params, batch):
        x, y = batch
        model = nnx.merge(self.graphdef, params)
        return jnp.mean((model(x) - y) ** 2)

    def fit(self, xs, ys):
        def step(params, batch):
            grads = jax.grad(self.loss)(params, batch)
            params = jax.tree.map(lambda p, g: p - self.lr * g, params, grads)
            self.after_step(params)
            return params, None

        self.params, _ = jax.lax.scan(step, self.params, (xs, ys))
        nnx.update(self.model, self.params)


class EMATrainer(BaseTrainer):
    decay = 0.9

    def __init__(self, model):
        super().__init__(model)
        self.shadow = Shadow(model.lin.kernel[...])

    def after_step(self, params):
        kernel = params["lin"]["kernel"][...]
        self.shadow.ema[...] = self.decay * self.shadow.ema[...] + (1 - self.decay) * kernel


def main():
    xs = jax.random.normal(jax.random.key(0), (6, 16, 5))
    ys = xs[..., :3] * 1.3 + 0.2
    trainer = EMATrainer(Calibrator(nnx.Rngs(0)))
    trainer.fit(xs, ys)
    return None
