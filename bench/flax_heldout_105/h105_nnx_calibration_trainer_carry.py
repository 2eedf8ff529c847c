# label: ok
# flax-error: none
# class: 4 the scan body calls the after_step() hook that EMATrainer overrides; the hook returns the new average, which goes through the carry into self.shadow.ema after the loop
"""Air-quality sensor calibration (NNX): map low-cost sensor readings to reference values.

BaseTrainer.fit() scans over the minibatches of an epoch with pure parameter updates and
calls the after_step() hook each step; EMATrainer keeps an exponential moving average of
the calibration weights for deployment, carried through the scan and stored at the end.
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

    def hook_state(self):
        return jnp.zeros(())

    def after_step(self, params, hook_state):
        return hook_state

    def finish(self, hook_state):
        return None

    def loss(self, params, batch):
        x, y = batch
        model = nnx.merge(self.graphdef, params)
        return jnp.mean((model(x) - y) ** 2)

    def fit(self, xs, ys):
        def step(carry, batch):
            params, hook_state = carry
            grads = jax.grad(self.loss)(params, batch)
            params = jax.tree.map(lambda p, g: p - self.lr * g, params, grads)
            return (params, self.after_step(params, hook_state)), None

        (self.params, hook_state), _ = jax.lax.scan(step, (self.params, self.hook_state()), (xs, ys))
        nnx.update(self.model, self.params)
        self.finish(hook_state)


class EMATrainer(BaseTrainer):
    decay = 0.9

    def __init__(self, model):
        super().__init__(model)
        self.shadow = Shadow(model.lin.kernel[...])

    def hook_state(self):
        return self.shadow.ema[...]

    def after_step(self, params, ema):
        kernel = params["lin"]["kernel"][...]
        return self.decay * ema + (1 - self.decay) * kernel

    def finish(self, ema):
        self.shadow.ema[...] = ema


def main():
    xs = jax.random.normal(jax.random.key(0), (6, 16, 5))
    ys = xs[..., :3] * 1.3 + 0.2
    trainer = EMATrainer(Calibrator(nnx.Rngs(0)))
    trainer.fit(xs, ys)
    return None
